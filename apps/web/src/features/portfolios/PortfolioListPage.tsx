import {
  MANAGER_PORTFOLIO_STATUSES,
  PAGES,
  type PortfolioSummary,
  pagePath,
  portfolioName,
} from '@dm/shared';
import {
  Alert,
  Badge,
  Button,
  Center,
  Checkbox,
  Group,
  Loader,
  NativeSelect,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { modals } from '@mantine/modals';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { type Column, ListTable } from '../../components/ListTable';
import { NameDialog } from '../../components/NameDialog';
import { confirmDelete, RowActions } from '../../components/RowActions';
import { formatNoteDate } from '../../lib/dates';
import {
  copyPortfolio,
  createPortfolio,
  deletePortfolio,
  portfolioKeys,
  updatePortfolio,
  usePortfolios,
} from './queries';

export const STATUS_COLOR: Record<string, string> = {
  Active: 'green',
  Submitted: 'blue',
  Upcoming: 'yellow',
  'Follow-up': 'orange',
  Archived: 'gray',
};

type Dialog = { kind: 'create' } | { kind: 'rename' | 'copy'; portfolio: PortfolioSummary } | null;

/** Create, rename and copy share one name dialog with the server's length rule. */
function PortfolioNameDialog({ dialog, onClose }: { dialog: Dialog; onClose: () => void }) {
  const queryClient = useQueryClient();
  const title =
    dialog?.kind === 'rename'
      ? 'Edit portfolio'
      : dialog?.kind === 'copy'
        ? 'Copy portfolio'
        : 'Create portfolio';
  const initial =
    dialog && dialog.kind !== 'create'
      ? `${dialog.portfolio.name}${dialog.kind === 'copy' ? ' copy' : ''}`
      : '';
  const save = async (name: string) => {
    if (!dialog) return;
    if (dialog.kind === 'create') await createPortfolio(name);
    else if (dialog.kind === 'rename') await updatePortfolio(dialog.portfolio.id, { name });
    else await copyPortfolio(dialog.portfolio.id, name);
    await queryClient.invalidateQueries({ queryKey: portfolioKeys.all });
  };
  return (
    <NameDialog
      opened={dialog !== null}
      title={title}
      label="Portfolio name"
      initial={initial}
      rule={portfolioName}
      submitLabel={dialog?.kind === 'copy' ? 'Copy' : 'Save'}
      onSave={save}
      onClose={onClose}
    />
  );
}

/** /portfoliolistpage: a case manager's portfolios with create, edit, copy, delete and status. */
export default function PortfolioListPage() {
  const queryClient = useQueryClient();
  const [showArchived, setShowArchived] = useState(false);
  const list = usePortfolios(showArchived);
  const [dialog, setDialog] = useState<Dialog>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: portfolioKeys.all });

  const changeStatus = (p: PortfolioSummary, status: PortfolioSummary['status']) => {
    const apply = () => void updatePortfolio(p.id, { status }).then(refresh, refresh);
    if (status !== 'Archived') return apply();
    modals.openConfirmModal({
      title: 'Archive portfolio',
      children: <Text>Archiving removes {p.name} from the lists. Continue?</Text>,
      labels: { confirm: 'Archive', cancel: 'Cancel' },
      onConfirm: apply,
    });
  };
  const columns: Column<PortfolioSummary>[] = [
    {
      key: 'name',
      label: 'Name',
      render: (p) => (
        <Stack gap={2}>
          <Link to={pagePath('shortlist', { id: p.id })}>{p.name}</Link>
          {p.sharedBy ? (
            <Text fz="xs" c="dimmed">
              Shared by {p.sharedBy}
            </Text>
          ) : null}
        </Stack>
      ),
    },
    { key: 'client', label: 'Client', render: (p) => p.clientName ?? 'Not assigned' },
    { key: 'donors', label: 'Donors', render: (p) => p.donorCount },
    {
      key: 'status',
      label: 'Status',
      render: (p) =>
        p.status === 'Submitted' ? (
          <Badge color={STATUS_COLOR[p.status]} variant="light" c="black">
            {p.status}
          </Badge>
        ) : (
          <NativeSelect
            aria-label={`Status of ${p.name}`}
            value={p.status}
            data={[...MANAGER_PORTFOLIO_STATUSES]}
            onChange={(e) => changeStatus(p, e.currentTarget.value as PortfolioSummary['status'])}
          />
        ),
    },
    { key: 'updated', label: 'Updated', render: (p) => formatNoteDate(p.updatedAt) },
  ];

  return (
    <Stack>
      <Group justify="space-between">
        <Title order={1} fz="h2">
          {PAGES.portfoliolistpage.title}
        </Title>
        <Group>
          <Checkbox
            label="Show archived"
            checked={showArchived}
            onChange={(e) => setShowArchived(e.currentTarget.checked)}
          />
          <Button onClick={() => setDialog({ kind: 'create' })}>Create portfolio</Button>
        </Group>
      </Group>
      {list.isPending ? (
        <Center h="30vh">
          <Loader aria-label="Loading portfolios" />
        </Center>
      ) : list.isError ? (
        <Alert color="red">The portfolios could not be loaded.</Alert>
      ) : list.data.length === 0 ? (
        <Alert color="yellow">No portfolio is created or shared yet.</Alert>
      ) : (
        <ListTable
          minWidth={760}
          caption="Portfolios"
          columns={columns}
          rows={list.data}
          rowKey={(p) => p.id}
          tableProps={{ striped: true, highlightOnHover: false }}
          actions={{
            render: (p) => (
              <RowActions
                actions={[
                  {
                    label: 'Preview',
                    ariaLabel: `Preview ${p.name}`,
                    to: pagePath('previewshortlist', { id: p.id }),
                  },
                  {
                    label: 'Rename',
                    ariaLabel: `Rename ${p.name}`,
                    onClick: () => setDialog({ kind: 'rename', portfolio: p }),
                  },
                  {
                    label: 'Copy',
                    ariaLabel: `Copy ${p.name}`,
                    onClick: () => setDialog({ kind: 'copy', portfolio: p }),
                  },
                  {
                    label: 'Delete',
                    ariaLabel: `Delete ${p.name}`,
                    danger: true,
                    onClick: () =>
                      confirmDelete({
                        title: 'Delete portfolio',
                        message: `Are you sure you want to delete the portfolio ${p.name}?`,
                        onConfirm: () => void deletePortfolio(p.id).then(refresh, () => {}),
                      }),
                  },
                ]}
              />
            ),
          }}
        />
      )}
      <PortfolioNameDialog dialog={dialog} onClose={() => setDialog(null)} />
    </Stack>
  );
}
