import {
  AUDIT_PAGE_SIZE,
  type AuditEntry,
  auditActionLabel,
  auditLogQuery,
  canOpen,
  donorDisplayId,
  PAGES,
  pagePath,
  ROLE,
  ROLE_LABEL,
} from '@dm/shared';
import { Button, Group, Paper, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { Link, useSearchParams } from 'react-router';
import { type Column, ListTable, useListQuery } from '../../components/ListTable';
import { ApiError } from '../../lib/api-error';
import { formatDateTime } from '../../lib/dates';
import { bodySchema, useZodForm } from '../../lib/form';
import { subjectOf, useSession } from '../../lib/session';
import { useCenters } from '../agencies/queries';
import { useAuditLog } from './queries';

const FILTERS = ['donor', 'from', 'to', 'center'] as const;
type Filters = Record<(typeof FILTERS)[number], string>;

/** The donor cell links to the donor's page for those who may open it (not the master admin). */
const columnsFor = (linkDonors: boolean): Column<AuditEntry>[] => [
  { key: 'at', label: 'Time', render: (r) => formatDateTime(r.at) },
  {
    key: 'user',
    label: 'User',
    render: (r) =>
      r.user ? (
        <>
          {r.user.name || `User ${r.user.id}`} ({ROLE_LABEL[r.user.role] ?? r.user.role})
          {r.onBehalfOf ? (
            <Text span fz="xs" c="dimmed" display="block">
              switched in by {r.onBehalfOf.name}
            </Text>
          ) : null}
        </>
      ) : (
        'System'
      ),
  },
  { key: 'action', label: 'Action', render: (r) => auditActionLabel(r.action) },
  {
    key: 'donor',
    label: 'Donor',
    render: (r) =>
      !r.donor.displayId && !r.donor.agencyDisplayId ? (
        `${donorDisplayId(r.donor)} (deleted)`
      ) : linkDonors ? (
        <Link to={pagePath('donordetails', { id: r.donor.id })}>{donorDisplayId(r.donor)}</Link>
      ) : (
        donorDisplayId(r.donor)
      ),
  },
  { key: 'ip', label: 'Address', render: (r) => r.ip ?? '—' },
];

/**
 * /auditlog: who read or changed donors' profiles, newest first. Filters: the donor (the id on
 * the grids, also from the donor page's link), days, the master admin's center, and the user
 * (the list's search box, by name or e-mail).
 */
export default function AuditLogPage() {
  const { user } = useSession();
  const isMaster = user?.role === ROLE.MASTER;
  const centers = useCenters(isMaster);
  const [params, setParams] = useSearchParams();
  const applied: Filters = {
    donor: params.get('donor') ?? '',
    from: params.get('from') ?? '',
    to: params.get('to') ?? '',
    center: params.get('center') ?? '',
  };
  const { form } = useZodForm<Filters>(
    bodySchema(auditLogQuery, (d: Filters) => ({ ...d, center: d.center || 0 })),
    applied,
  );
  const draft = form.values;
  // One message at a time: the first the schema gives.
  const [field0, message0] = Object.entries(form.errors)[0] ?? [];
  const error = field0 === undefined ? null : { field: field0 || 'donor', message: String(message0) };
  const list = useListQuery('at', AUDIT_PAGE_SIZE, 'desc', 500);
  const query = {
    ...applied,
    center: applied.center ? Number(applied.center) : 0,
    user: list.query.search,
    page: list.page,
  };
  const entries = useAuditLog(query, user !== null);
  const notFound = entries.error instanceof ApiError && entries.error.status === 404;
  const serverError = entries.error instanceof ApiError && !notFound ? entries.error.message : null;

  const apply = form.onSubmit((filters) => {
    const next = new URLSearchParams();
    for (const key of FILTERS) if (filters[key].trim()) next.set(key, filters[key].trim());
    setParams(next);
    list.setPage(1);
  });
  const field = (key: keyof Filters) => ({
    value: draft[key],
    onChange: (e: { currentTarget: { value: string } }) => form.setFieldValue(key, e.currentTarget.value),
    error: error?.field === key ? error.message : undefined,
  });

  return (
    <Stack>
      <Title order={1} fz="h2">
        {PAGES.auditlog.title}
      </Title>
      <Paper withBorder p="md" component="form" onSubmit={apply} aria-label="Audit log filters">
        <Group align="start">
          <TextInput
            label="Donor ID"
            {...field('donor')}
            error={
              error?.field === 'donor'
                ? error.message
                : notFound
                  ? 'No donor with this ID that you may see.'
                  : undefined
            }
            w={180}
          />
          <TextInput label="From" type="date" {...field('from')} />
          <TextInput label="To" type="date" {...field('to')} />
          {isMaster ? (
            <Select
              label="Agency"
              placeholder="All agencies"
              data={(centers.data ?? []).map((c) => ({ value: String(c.centerId), label: c.name }))}
              value={draft.center || null}
              onChange={(v) => form.setFieldValue('center', v ?? '')}
              clearable
              searchable
              w={240}
            />
          ) : null}
          <Button type="submit" mt={25}>
            Filter
          </Button>
        </Group>
        {serverError ? (
          <Text c="red" fz="sm" mt="xs" role="alert">
            {serverError}
          </Text>
        ) : null}
      </Paper>
      <ListTable
        minWidth={700}
        caption="Reads and changes of donor profiles, newest first"
        columns={columnsFor(user !== null && canOpen(subjectOf(user), 'donordetails'))}
        rows={entries.error ? [] : (entries.data?.rows ?? [])}
        rowKey={(r) => r.id}
        total={entries.error ? 0 : (entries.data?.total ?? 0)}
        list={list}
        searchLabel="User (name or e-mail)"
        loading={entries.isPending && !entries.error}
      />
    </Stack>
  );
}
