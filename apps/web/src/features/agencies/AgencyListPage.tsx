import { type AgencyList, type AgencyRow, PAGES } from '@dm/shared';
import { Anchor, Button, Group, Stack, Switch, Title } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { type Column, ListTable, useListQuery } from '../../components/ListTable';
import { PartnerSignInDialog } from './PartnerSignInDialog';
import { agencyKeys, setAgencyVisibility, useAgencyList } from './queries';

export default function AgencyListPage() {
  const queryClient = useQueryClient();
  const list = useListQuery('name');
  const agencies = useAgencyList(list.query);
  const key = agencyKeys.list(list.query);
  const [partnerOf, setPartnerOf] = useState<{ id: number; name: string } | null>(null);

  const visibility = useMutation({
    mutationFn: setAgencyVisibility,
    onMutate: (v) => {
      const previous = queryClient.getQueryData<AgencyList>(key);
      queryClient.setQueryData<AgencyList>(key, (old) =>
        old
          ? {
              ...old,
              rows: old.rows.map((r) => (r.centerId === v.center_id ? { ...r, status: v.status } : r)),
            }
          : old,
      );
      return { previous };
    },
    // A failed update reverts the row (spec: failed status updates revert).
    onError: (_e, _v, context) => queryClient.setQueryData(key, context?.previous),
    onSettled: () => queryClient.invalidateQueries({ queryKey: agencyKeys.all }),
  });

  const columns: Column<AgencyRow>[] = [
    { key: 'name', label: 'Name', sortable: true, render: (r) => r.name },
    { key: 'email', label: 'Email', sortable: true, render: (r) => r.email },
    { key: 'contactNo', label: 'Contact number', sortable: true, render: (r) => r.contactNo },
    { key: 'zipcode', label: 'Zip code', sortable: true, render: (r) => r.zipcode },
    { key: 'activecount', label: 'Active users', sortable: true, render: (r) => r.activecount },
    { key: 'archivedcount', label: 'Archived users', sortable: true, render: (r) => r.archivedcount },
    {
      key: 'status',
      label: 'Visible',
      sortable: true,
      render: (r) => (
        <Switch
          aria-label={`Visible: ${r.name}`}
          checked={r.status === 1}
          onChange={(e) =>
            visibility.mutate({ center_id: r.centerId, status: e.currentTarget.checked ? 1 : 0 })
          }
        />
      ),
    },
    {
      key: 'edit',
      label: 'Actions',
      render: (r) => (
        <Group gap="sm" wrap="nowrap">
          <Anchor
            component={Link}
            to={`${PAGES.addagency.path}?id=${r.centerId}`}
            aria-label={`Edit ${r.name}`}
          >
            Edit
          </Anchor>
          <Anchor
            component="button"
            type="button"
            aria-label={`Partner sign-in: ${r.name}`}
            onClick={() => setPartnerOf({ id: r.centerId, name: r.name })}
          >
            Partner sign-in
          </Anchor>
        </Group>
      ),
    },
  ];

  return (
    <Stack>
      <Group justify="space-between">
        <Title order={1} fz="h2">
          {PAGES.agencylist.title}
        </Title>
        <Group>
          <Button component={Link} to={PAGES.allowedorganization.path} variant="default">
            Allowed organizations
          </Button>
          <Button component={Link} to={PAGES.addagency.path}>
            Add agency
          </Button>
        </Group>
      </Group>
      <ListTable
        minWidth={700}
        caption="Agencies"
        columns={columns}
        rows={agencies.data?.rows ?? []}
        rowKey={(r) => r.centerId}
        total={agencies.data?.count ?? 0}
        list={list}
        searchLabel="Search agencies"
        loading={agencies.isPending}
      />
      <PartnerSignInDialog center={partnerOf} onClose={() => setPartnerOf(null)} />
    </Stack>
  );
}
