import { PAGES, type SavedSearch, searchName } from '@dm/shared';
import { Alert, Badge, Loader, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { type Column, ListTable } from '../../components/ListTable';
import { NameDialog } from '../../components/NameDialog';
import { confirmDelete, RowActions } from '../../components/RowActions';
import { formatDate } from '../../lib/dates';
import { useSavedSearches, useSavedSearchMutations } from './queries';
import { SearchAlertSwitch } from './SearchAlertSwitch';

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

const COLUMNS: Column<SavedSearch>[] = [
  { key: 'name', label: 'Name', render: (s) => s.search_name },
  { key: 'changed', label: 'Last changed', render: (s) => formatDate(s.updated_at) },
  {
    key: 'newDonors',
    label: 'New donors',
    render: (s) =>
      s.newDonors ? (
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
      ),
  },
  {
    key: 'alert',
    label: 'Daily e-mail of new matches',
    render: (s) => <SearchAlertSwitch search={s} inTable />,
  },
];

/** The caller's saved searches: run, rename, update (on the search page) and delete. */
export default function SavedSearchesPage() {
  const saved = useSavedSearches();
  const { remove } = useSavedSearchMutations();
  const [renaming, setRenaming] = useState<SavedSearch | null>(null);

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
        <ListTable
          caption={PAGES.searchlistpage.title}
          hideCaption
          columns={COLUMNS}
          rows={saved.data}
          rowKey={(s) => s.search_id}
          tableProps={{ striped: true, highlightOnHover: false, withTableBorder: true }}
          actions={{
            render: (s) => (
              <RowActions
                wrap="wrap"
                actions={[
                  {
                    label: 'Run',
                    ariaLabel: `Run ${s.search_name}`,
                    to: `/search?savedsearch=${s.search_id}`,
                    variant: 'filled',
                  },
                  {
                    label: 'Update',
                    ariaLabel: `Update the filters of ${s.search_name}`,
                    to: `/search?savedsearch=${s.search_id}`,
                    title: 'Opens the search with these filters; change them and choose Save search',
                  },
                  { label: 'Rename', ariaLabel: `Rename ${s.search_name}`, onClick: () => setRenaming(s) },
                  {
                    label: 'Delete',
                    ariaLabel: `Delete ${s.search_name}`,
                    danger: true,
                    onClick: () =>
                      confirmDelete({
                        title: 'Delete saved search',
                        message: `Are you sure you want to delete the saved search “${s.search_name}”?`,
                        onConfirm: () => remove.mutate(s.search_id),
                      }),
                  },
                ]}
              />
            ),
          }}
        />
      ) : null}
      <RenameDialog search={renaming} onClose={() => setRenaming(null)} />
    </Stack>
  );
}
