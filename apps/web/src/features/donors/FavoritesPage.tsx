import { donorDisplayId, type FavoriteDonor, MSG, PAGES } from '@dm/shared';
import { Alert, Button, Center, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { modals } from '@mantine/modals';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useParams } from 'react-router';
import {
  CompareCheckbox,
  CompareSelectedButton,
  useCompareSelection,
} from '../../components/donor/CompareSelection';
import { DonorSummaryTable, nameOf } from '../../components/donor/DonorSummaryTable';
import { formatNoteDate } from '../../lib/dates';
import { useSession } from '../../lib/session';
import { AddToPortfolioButton } from '../portfolios/AddToPortfolio';
import { removeFavorite, useFavorites } from './queries';

/** /favorites/{id?}/{name?}: one's own favourites, or (a case manager) a client's. */
export default function FavoritesPage() {
  const params = useParams();
  const { user } = useSession();
  const queryClient = useQueryClient();
  const otherId = params.id && Number(params.id) !== user?.userId ? Number(params.id) : null;
  const list = useFavorites(otherId);
  // Up to three favourites (one's own, or staff: a client's) go side by side on /comparedonors.
  const compare = useCompareSelection();
  const remove = useMutation({
    mutationFn: (donorId: number) => removeFavorite(donorId),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: ['donors'] }),
  });
  const confirmRemove = (d: FavoriteDonor) =>
    modals.openConfirmModal({
      title: 'Remove favorite',
      children: <Text>{MSG.REMOVE_FAVORITE_CONFIRM}</Text>,
      labels: { confirm: 'Remove', cancel: 'Cancel' },
      confirmProps: { color: 'red' },
      onConfirm: () => remove.mutate(d.donorId),
    });
  const title = otherId && params.name ? `${params.name}'s favorites` : PAGES.favorites.title;
  return (
    <Stack>
      <Group justify="space-between">
        <Title order={1} fz="h2">
          {title}
        </Title>
        <CompareSelectedButton selection={compare} />
      </Group>
      {list.isPending ? (
        <Center h="30vh">
          <Loader aria-label="Loading favorites" />
        </Center>
      ) : list.isError ? (
        <Alert color="red">The favorites could not be loaded.</Alert>
      ) : (
        <DonorSummaryTable
          caption={title}
          donors={list.data}
          extra={[
            ...(compare.enabled
              ? [
                  {
                    header: 'Compare',
                    cell: (d: FavoriteDonor) => (
                      <CompareCheckbox selection={compare} donorId={d.donorId} label={nameOf(d)} />
                    ),
                  },
                ]
              : []),
            { header: 'Added', cell: (d) => formatNoteDate(d.favoritedAt) },
            ...(otherId
              ? []
              : [
                  {
                    header: 'Actions',
                    cell: (d: FavoriteDonor) => (
                      <Group gap="xs" wrap="nowrap">
                        <AddToPortfolioButton donorId={d.donorId} label={donorDisplayId(d)} />
                        <Button size="xs" variant="light" color="red" onClick={() => confirmRemove(d)}>
                          Remove {nameOf(d)} from favorites
                        </Button>
                      </Group>
                    ),
                  },
                ]),
          ]}
        />
      )}
    </Stack>
  );
}
