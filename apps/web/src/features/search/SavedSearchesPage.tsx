import { PAGES, type SavedSearch, searchName } from '@dm/shared';
import { Alert, Badge, Button, Group, Loader, Stack, Table, Text, Title } from '@mantine/core';
import { modals } from '@mantine/modals';
import { useState } from 'react';
import { Link } from 'react-router';
import { NameDialog } from '../../components/NameDialog';
import { formatDate } from '../../lib/dates';
import { useSavedSearches, useSavedSearchMutations } from './queries';

function RenameDialog({ search, onClose }: { search: SavedSearch | null; onClose: () => void }) {
  const { rename } = useSavedSearchMutations();
  return (
    <NameDialog
      opened={search !== null}
      title="Edit saved search"
      label="Search name"
      initial={search?.search_name ?? ''}
      rule={searchName}
      onSave={(name) => rename.mutateAsync({ search_id: search!.search_id, name })}
      onClose={onClose}
    />
  );
}

/** The caller's saved searches: run, rename, update (on the search page) and delete. */
export default function SavedSearchesPage() {
  const saved = useSavedSearches();
  const { remove } = useSavedSearchMutations();
  const [renaming, setRenaming] = useState<SavedSearch | null>(null);

  const confirmDelete = (s: SavedSearch) =>
    modals.openConfirmModal({
      title: 'Delete saved search',
      children: <Text>Are you sure you want to delete the saved search “{s.search_name}”?</Text>,
      labels: { confirm: 'Delete', cancel: 'Cancel' },
      confirmProps: { color: 'red' },
      onConfirm: () => remove.mutate(s.search_id),
    });

  return (
    <Stack maw={1000}>
      <Title order={1} fz="h2">
        {PAGES.searchlistpage.title}
      </Title>
      {saved.isPending ? <Loader aria-label="Loading saved searches" /> : null}
      {saved.isError ? (
        <Alert color="red" role="alert">
          {saved.error.message}
        </Alert>
      ) : null}
      {saved.data && saved.data.length === 0 ? (
        <Text>
          No saved searches yet. Use “Save search” on the <Link to="/search">search page</Link>.
        </Text>
      ) : null}
      {saved.data?.length ? (
        <Table striped withTableBorder>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">Name</Table.Th>
              <Table.Th scope="col">Last changed</Table.Th>
              <Table.Th scope="col">New donors</Table.Th>
              <Table.Th scope="col">Actions</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {saved.data.map((s) => (
              <Table.Tr key={s.search_id}>
                <Table.Td>{s.search_name}</Table.Td>
                <Table.Td>{formatDate(s.updated_at)}</Table.Td>
                <Table.Td>
                  {s.newDonors ? (
                    <Badge
                      color="green"
                      variant="light"
                      c="black"
                      aria-label={`${s.newDonors} new donors since your last visit`}
                    >
                      {s.newDonors} new
                    </Badge>
                  ) : (
                    <Text fz="sm" c="dimmed">
                      None
                    </Text>
                  )}
                </Table.Td>
                <Table.Td>
                  <Group gap="xs">
                    <Button
                      size="xs"
                      component={Link}
                      to={`/search?savedsearch=${s.search_id}`}
                      aria-label={`Run ${s.search_name}`}
                    >
                      Run
                    </Button>
                    <Button
                      size="xs"
                      variant="default"
                      component={Link}
                      to={`/search?savedsearch=${s.search_id}`}
                      aria-label={`Update the filters of ${s.search_name}`}
                      title="Opens the search with these filters; change them and choose Save search"
                    >
                      Update
                    </Button>
                    <Button
                      size="xs"
                      variant="default"
                      onClick={() => setRenaming(s)}
                      aria-label={`Rename ${s.search_name}`}
                    >
                      Rename
                    </Button>
                    <Button
                      size="xs"
                      color="red"
                      variant="light"
                      onClick={() => confirmDelete(s)}
                      aria-label={`Delete ${s.search_name}`}
                    >
                      Delete
                    </Button>
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      ) : null}
      <RenameDialog search={renaming} onClose={() => setRenaming(null)} />
    </Stack>
  );
}
