import { formatContactNo, ROLE_LABEL, type StaffMember } from '@dm/shared';
import { Alert, Anchor, Loader } from '@mantine/core';
import { type Column, ListTable, useClientList } from '../../components/ListTable';
import { useStaffDetails } from './queries';

const COLUMNS: Column<StaffMember>[] = [
  {
    key: 'name',
    label: 'Name',
    sortable: true,
    sortValue: (s) => s.name.toLowerCase(),
    render: (s) => s.name,
    rowHeader: true,
  },
  {
    key: 'role',
    label: 'Role',
    sortable: true,
    sortValue: (s) => ROLE_LABEL[s.role],
    render: (s) => ROLE_LABEL[s.role],
  },
  {
    key: 'email',
    label: 'E-mail',
    sortable: true,
    sortValue: (s) => s.email,
    render: (s) => <Anchor href={`mailto:${s.email}`}>{s.email}</Anchor>,
  },
  {
    key: 'contact',
    label: 'Contact number',
    render: (s) => (s.contactNo ? formatContactNo(s.contactNo) : ''),
  },
];

const NONE: StaffMember[] = [];

/** The staff of the caller's center (getstaffdetails): for agency admins and case managers. */
export function StaffListTab() {
  const staff = useStaffDetails(true);
  const list = useClientList(staff.data ?? NONE, COLUMNS, { pageSize: 20 });
  if (staff.isPending) return <Loader aria-label="Loading staff" />;
  if (staff.isError) {
    return (
      <Alert color="red" role="alert">
        {staff.error.message}
      </Alert>
    );
  }
  return (
    <ListTable
      caption="Staff of your agency"
      columns={COLUMNS}
      rows={list.rows}
      total={list.total}
      rowKey={(s) => s.userId}
      list={list}
    />
  );
}
