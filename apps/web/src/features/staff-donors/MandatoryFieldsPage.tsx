import { MANDATORY_FIELDS_PAGE_SIZE, type MandatoryFieldsRow, PAGES } from '@dm/shared';
import { Anchor, Stack, Title } from '@mantine/core';
import { Link } from 'react-router';
import { type Column, ListTable, useListQuery } from '../../components/ListTable';
import { useMandatoryFields } from './queries';

/** Donors with blank mandatory fields, 30 to a page. */
export default function MandatoryFieldsPage() {
  const list = useListQuery('blank_count', MANDATORY_FIELDS_PAGE_SIZE);
  const report = useMandatoryFields(list.query);
  const columns: Column<MandatoryFieldsRow>[] = [
    { key: 'donor_id', label: 'Donor ID', sortable: true, render: (r) => r.donorId },
    {
      key: 'name',
      label: 'Name',
      sortable: true,
      render: (r) => (
        <Anchor component={Link} to={`/donorform/${r.userId}`}>
          {r.name || r.userId}
        </Anchor>
      ),
    },
    { key: 'availability', label: 'Availability', sortable: true, render: (r) => r.availability },
    { key: 'blank_count', label: 'Blank fields', sortable: true, render: (r) => r.blankFields.join(', ') },
  ];
  return (
    <Stack>
      <Title order={1} fz="h2">
        {PAGES.donorformmandatoryfields.title}
      </Title>
      <ListTable
        minWidth={700}
        caption="Donors with blank mandatory fields"
        columns={columns}
        rows={report.data?.rows ?? []}
        rowKey={(r) => r.userId}
        total={report.data?.total ?? 0}
        list={list}
        searchLabel="Search donors"
        loading={report.isPending}
      />
    </Stack>
  );
}
