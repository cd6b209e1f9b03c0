import { MSG, PAGES, type ZipCodeRow } from '@dm/shared';
import { Button, Group, Modal, Stack, Text, TextInput, Title } from '@mantine/core';
import { modals } from '@mantine/modals';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { type Column, ListTable, useListQuery } from '../../components/ListTable';
import { ApiError } from '../../lib/api-error';
import { deleteZipCode, flaggedField, saveZipCode, useZipCodes } from './queries';

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
  const queryClient = useQueryClient();
  const start = props.editing
    ? {
        zipcode: props.editing.zipcode,
        latitude: String(props.editing.latitude),
        longitude: String(props.editing.longitude),
      }
    : { zipcode: '', latitude: '', longitude: '' };
  const [values, setValues] = useState<Values>(start);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const save = useMutation({
    mutationFn: (body: Record<string, unknown>) => saveZipCode(props.editing !== null, body),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: ['zipcodes'] });
      props.onClose();
    },
    onError: (error) => {
      const field = error instanceof ApiError ? (flaggedField(error.data) ?? 'zipcode') : 'zipcode';
      setErrors({ [field]: error instanceof ApiError ? error.message : MSG.HTTP_FAILURE });
    },
  });
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const found = zipErrors(values);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    save.mutate({
      zipcode: values.zipcode.trim(),
      latitude: Number(values.latitude),
      longitude: Number(values.longitude),
      ...(props.editing ? { old_zipcode: props.editing.zipcode } : {}),
    });
  };
  const input = (field: Field, label: string) => ({
    label,
    required: true,
    value: values[field],
    error: errors[field],
    onChange: (e: React.ChangeEvent<HTMLInputElement>) => {
      const value = e.currentTarget.value;
      setValues((v) => ({ ...v, [field]: value }));
    },
  });
  return (
    <Modal
      opened={props.opened}
      onClose={props.onClose}
      title={props.editing ? 'Edit zip code' : 'Add zip code'}
    >
      <form onSubmit={submit} noValidate>
        <Stack>
          <TextInput {...input('zipcode', 'Zip code')} inputMode="numeric" />
          <TextInput {...input('latitude', 'Latitude')} inputMode="decimal" />
          <TextInput {...input('longitude', 'Longitude')} inputMode="decimal" />
          <Group justify="flex-end">
            <Button variant="default" onClick={props.onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={save.isPending}>
              Save
            </Button>
          </Group>
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
