import {
  MAPPING_ITEM_KEYS,
  MAPPING_ITEMS,
  MAPPING_MSG,
  MAPPING_PAGE_SIZE,
  MAPPING_TYPES,
  type MappingItem,
  type MappingItemData,
  type MappingRow,
  type MappingType,
  PAGES,
  pagePath,
  parseMappedType,
} from '@dm/shared';
import {
  Alert,
  Button,
  Checkbox,
  Group,
  Modal,
  MultiSelect,
  Select,
  Stack,
  Tabs,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { type Column, ListTable, useListQuery } from '../../components/ListTable';
import { formatDateTime } from '../../lib/dates';
import { checksSchema, FormActions, useZodForm } from '../../lib/form';
import { useMappingItem, useMappingRows, useSaveMapping } from './queries';

const today = () => new Date().toISOString().slice(0, 10);

/** The app value input of an item: one value, several races, or a date. */
function ValueInput(props: {
  item: MappingItemData;
  value: string[];
  onChange: (value: string[]) => void;
  error?: string;
  label: string;
}) {
  const { item } = props;
  if (item.kind === 'date')
    return (
      <TextInput
        type="date"
        label={props.label}
        max={today()}
        value={props.value[0] ?? ''}
        error={props.error}
        onChange={(e) => props.onChange(e.currentTarget.value ? [e.currentTarget.value] : [])}
      />
    );
  if (item.kind === 'multi')
    return (
      <MultiSelect
        label={props.label}
        data={item.values}
        value={props.value}
        error={props.error}
        onChange={props.onChange}
        searchable
      />
    );
  return (
    <Select
      label={props.label}
      data={item.values}
      value={props.value[0] ?? null}
      error={props.error}
      onChange={(v) => props.onChange(v ? [v] : [])}
      searchable
    />
  );
}

/** Sets or changes one row's mapping (updatemappingfielde). */
function EditDialog(props: { item: MappingItemData; row: MappingRow; onClose: () => void }) {
  const { form } = useZodForm(
    // The mapping's own rules for this item (a date, a number, the allowed values).
    checksSchema(({ value }: { value: string[] }) => {
      const parsed = parseMappedType(props.item.id, value.join(','), today());
      return 'error' in parsed ? { value: parsed.error } : {};
    }),
    { value: props.row.mapped_type ? props.row.mapped_type.split(',') : [] },
  );
  const save = useSaveMapping(props.onClose, (message) => form.setFieldError('value', message));
  const submit = form.onSubmit(({ value }) => {
    const parsed = parseMappedType(props.item.id, value.join(','), today());
    if ('error' in parsed) return;
    save.mutate({
      name: 'updatemappingfielde',
      body: { id: props.item.id, type_id: props.row.id, mapped_type: parsed.values.join(',') },
    });
  });
  return (
    <Modal opened onClose={props.onClose} title={`Map "${props.row.type}"`}>
      <form onSubmit={submit} noValidate>
        <Stack>
          <Text fz="sm">
            {props.row.donor_count} donor(s) were imported with this value. Saving writes the mapping to them
            and to later imports.
          </Text>
          <ValueInput
            item={props.item}
            label={props.item.label}
            value={form.values.value}
            onChange={(value) => form.setFieldValue('value', value)}
            error={form.errors.value as string | undefined}
          />
          <FormActions onCancel={props.onClose} busy={save.isPending} />
        </Stack>
      </form>
    </Modal>
  );
}

export default function MappingPage() {
  const params = useParams();
  const navigate = useNavigate();
  const item = MAPPING_ITEM_KEYS.includes(params.item as MappingItem) ? (params.item as MappingItem) : null;
  const type: MappingType = params.type === 'mapped' ? 'mapped' : 'unmapped';
  const list = useListQuery('created', MAPPING_PAGE_SIZE);
  const itemData = useMappingItem(item);
  const rows = useMappingRows(
    { id: item ?? 'eye_color', type, page: list.page, search: list.query.search },
    item !== null,
  );
  const [selected, setSelected] = useState<number[]>([]);
  const [moveTo, setMoveTo] = useState<string[]>([]);
  const [moveError, setMoveError] = useState<string | undefined>();
  const [editing, setEditing] = useState<MappingRow | null>(null);
  const move = useSaveMapping(() => {
    setSelected([]);
    setMoveTo([]);
    setMoveError(undefined);
  }, setMoveError);

  const go = (nextItem: string, nextType: MappingType) => {
    setSelected([]);
    setMoveTo([]);
    setMoveError(undefined);
    list.setPage(1);
    navigate(pagePath('mapping', { item: nextItem, type: nextType }));
  };

  if (item === null)
    return (
      <Stack>
        <Title order={1} fz="h2">
          {PAGES.mapping.title}
        </Title>
        <Alert color="red" title={MAPPING_MSG.ITEM_INVALID}>
          Choose a field:{' '}
          {MAPPING_ITEM_KEYS.map((k) => (
            <Button key={k} variant="subtle" size="compact-sm" onClick={() => go(k, 'unmapped')}>
              {MAPPING_ITEMS[k].label}
            </Button>
          ))}
        </Alert>
      </Stack>
    );

  const data = itemData.data;
  const bulk = type === 'unmapped' && data !== undefined && data.kind !== 'date';
  const pageRows = rows.data?.rows ?? [];
  const submitMove = (event: React.FormEvent) => {
    event.preventDefault();
    if (!data) return;
    if (selected.length === 0) {
      setMoveError(MAPPING_MSG.SELECT_VALUE);
      return;
    }
    const parsed = parseMappedType(item, moveTo.join(','), today());
    if ('error' in parsed) {
      setMoveError(parsed.error);
      return;
    }
    move.mutate({
      name: 'updatemappingfield',
      body: { id: item, type: selected, mapped_type: parsed.values.join(',') },
    });
  };

  const columns: Column<MappingRow>[] = [
    ...(bulk
      ? [
          {
            key: 'select',
            label: 'Select',
            render: (r: MappingRow) => (
              <Checkbox
                aria-label={`Select ${r.type}`}
                checked={selected.includes(r.id)}
                onChange={(e) => {
                  const on = e.currentTarget.checked;
                  setSelected((s) => (on ? [...s, r.id] : s.filter((id) => id !== r.id)));
                }}
              />
            ),
          },
        ]
      : []),
    { key: 'type', label: 'Imported value', render: (r) => r.type },
    ...(type === 'mapped'
      ? [{ key: 'mapped', label: 'Mapped to', render: (r: MappingRow) => r.mapped_type_name }]
      : []),
    { key: 'donors', label: 'Donors', render: (r) => r.donor_count },
    {
      key: 'date',
      label: type === 'mapped' ? 'Mapped on' : 'First imported',
      render: (r) => formatDateTime(type === 'mapped' && r.mapped_at ? r.mapped_at : r.created_at),
    },
    {
      key: 'actions',
      label: 'Actions',
      render: (r) => (
        <Button size="xs" variant="default" aria-label={`Map ${r.type}`} onClick={() => setEditing(r)}>
          Map
        </Button>
      ),
    },
  ];

  return (
    <Stack>
      <Title order={1} fz="h2">
        {PAGES.mapping.title}
      </Title>
      <Text fz="sm">
        Values a donor import met that are not one of the app's values. The donors were imported with the
        field blank; a mapping fills it in for them and is used by every later import.
      </Text>
      <Select
        label="Field"
        data={MAPPING_ITEM_KEYS.map((k) => ({ value: k, label: MAPPING_ITEMS[k].label }))}
        value={item}
        allowDeselect={false}
        onChange={(v) => v && go(v, type)}
        w={280}
      />
      <Tabs value={type} onChange={(v) => v && go(item, v as MappingType)}>
        <Tabs.List>
          {MAPPING_TYPES.map((t) => (
            <Tabs.Tab key={t} value={t}>
              {t === 'unmapped' ? 'Unmapped' : 'Mapped'}
            </Tabs.Tab>
          ))}
        </Tabs.List>
      </Tabs>
      {bulk && data ? (
        <form onSubmit={submitMove} noValidate aria-label="Move selected values to mapped">
          <Group align="end">
            <ValueInput
              item={data}
              label={`Map selected to (${data.label})`}
              value={moveTo}
              onChange={setMoveTo}
              error={moveError}
            />
            <Button type="submit" loading={move.isPending}>
              Move to mapped ({selected.length})
            </Button>
          </Group>
        </form>
      ) : null}
      <ListTable
        minWidth={700}
        caption={`${data?.label ?? ''} values, ${type}`}
        columns={columns}
        rows={pageRows}
        rowKey={(r) => r.id}
        total={rows.data?.total ?? 0}
        list={list}
        searchLabel="Search values"
        loading={rows.isPending}
      />
      {editing && data ? <EditDialog item={data} row={editing} onClose={() => setEditing(null)} /> : null}
    </Stack>
  );
}
