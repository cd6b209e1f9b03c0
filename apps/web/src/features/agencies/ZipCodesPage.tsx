import { MSG, PAGES, type ZipCodeRow } from '@dm/shared';
import { Button, Group, Modal, Stack, Text, TextInput, Title } from '@mantine/core';
import { modals } from '@mantine/modals';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { type Column, ListTable, useListQuery } from '../../components/ListTable';
import { checksSchema, FormActions, serverFieldOf, useFormSubmit, useZodForm } from '../../lib/form';
import { deleteZipCode, useSaveZipCode, useZipCodes } from './queries';

type Field = 'zipcode' | 'latitude' | 'longitude';
type Values = Record<Field, string>;

/** Client-side checks mirroring the server's: a 5-digit zip, latitude -90..90, longitude -180..180. */
export function zipErrors(v: Values): Partial<Record<Field, string>> {
  const errors: Partial<Record<Field, string>> = {};
  if (!v.zipcode.trim()) errors.zipcode = 'Zip code is required.';
  else if (!/^\d{5}$/.test(v.zipcode.trim())) errors.zipcode = MSG.ZIP_CODE_FORMAT;
  const range = (field: 'latitude' | 'longitude', label: string, limit: number, message: string) => {
    const raw = v[field].trim();
    const n = Number(raw);
    if (!raw) errors[field] = `${label} is required.`;
    else if (!Number.isFinite(n) || n < -limit || n > limit) errors[field] = message;
  };
  range('latitude', 'Latitude', 90, MSG.LATITUDE_RANGE);
  range('longitude', 'Longitude', 180, MSG.LONGITUDE_RANGE);
  return errors;
}

function ZipDialog(props: { editing: ZipCodeRow | null; opened: boolean; onClose: () => void }) {
  const _queryClient = useQueryClient();
  const start = props.editing
    ? {
        zipcode: props.editing.zipcode,
        latitude: String(props.editing.latitude),
        longitude: String(props.editing.longitude),
      }
    : { zipcode: '', latitude: '', longitude: '' };
  const { form } = useZodForm<Values>(checksSchema(zipErrors), start);
  const saveZip = useSaveZipCode(props.editing !== null);
  const save = useFormSubmit(
    form,
    (values) =>
      saveZip.mutateAsync({
        zipcode: values.zipcode.trim(),
        latitude: Number(values.latitude),
        longitude: Number(values.longitude),
        ...(props.editing ? { old_zipcode: props.editing.zipcode } : {}),
      }),
    // A refusal names its field, the zip code unless the server says otherwise.
    { onDone: props.onClose, fieldFor: (_message, error) => serverFieldOf(error) ?? 'zipcode' },
  );
  const input = (field: Field, label: string) => ({ label, required: true, ...form.getInputProps(field) });
  return (
    <Modal
      opened={props.opened}
      onClose={props.onClose}
      title={props.editing ? 'Edit zip code' : 'Add zip code'}
    >
      <form onSubmit={form.onSubmit(save.submit)} noValidate>
        <Stack>
          <TextInput {...input('zipcode', 'Zip code')} inputMode="numeric" />
          <TextInput {...input('latitude', 'Latitude')} inputMode="decimal" />
          <TextInput {...input('longitude', 'Longitude')} inputMode="decimal" />
          <FormActions onCancel={props.onClose} busy={save.busy} />
        </Stack>
      </form>
    </Modal>
  );
}

export default function ZipCodesPage() {
  const queryClient = useQueryClient();
  const list = useListQuery('zipcode');
  const zips = useZipCodes(list.query);
  const [dialog, setDialog] = useState<{ editing: ZipCodeRow | null; n: number } | null>(null);
  const remove = useMutation({
    mutationFn: deleteZipCode,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['zipcodes'] }),
  });
  const confirmDelete = (row: ZipCodeRow) =>
    modals.openConfirmModal({
      title: 'Delete zip code',
      children: (
        <Text>
          {MSG.DELETE_ZIP_CONFIRM} ({row.zipcode})
        </Text>
      ),
      labels: { confirm: 'Delete', cancel: 'Cancel' },
      confirmProps: { color: 'red' },
      onConfirm: () => remove.mutate(row.zipcode),
    });

  const columns: Column<ZipCodeRow>[] = [
    { key: 'zipcode', label: 'Zip code', sortable: true, render: (r) => r.zipcode },
    { key: 'latitude', label: 'Latitude', sortable: true, render: (r) => r.latitude },
    { key: 'longitude', label: 'Longitude', sortable: true, render: (r) => r.longitude },
    { key: 'city', label: 'City', sortable: true, render: (r) => r.city },
    { key: 'state', label: 'State', sortable: true, render: (r) => r.state },
    {
      key: 'actions',
      label: 'Actions',
      render: (r) => (
        <Group gap="xs">
          <Button
            size="xs"
            variant="default"
            aria-label={`Edit ${r.zipcode}`}
            onClick={() => setDialog({ editing: r, n: Date.now() })}
          >
            Edit
          </Button>
          <Button
            size="xs"
            color="red"
            variant="light"
            aria-label={`Delete ${r.zipcode}`}
            onClick={() => confirmDelete(r)}
          >
            Delete
          </Button>
        </Group>
      ),
    },
  ];

  return (
    <Stack>
      <Group justify="space-between">
        <Title order={1} fz="h2">
          {PAGES.addzipcodes.title}
        </Title>
        <Button onClick={() => setDialog({ editing: null, n: Date.now() })}>Add zip code</Button>
      </Group>
      <ListTable
        minWidth={700}
        caption="Zip codes"
        columns={columns}
        rows={zips.data?.rows ?? []}
        rowKey={(r) => r.zipcode}
        total={zips.data?.count ?? 0}
        list={list}
        searchLabel="Search zip codes"
        loading={zips.isPending}
      />
      {dialog ? (
        <ZipDialog key={dialog.n} editing={dialog.editing} opened onClose={() => setDialog(null)} />
      ) : null}
    </Stack>
  );
}
