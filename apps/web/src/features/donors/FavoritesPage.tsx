import { canOpen, type FavoriteDonor, MSG, PAGES } from '@dm/shared';
import { Alert, Button, Center, Checkbox, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { modals } from '@mantine/modals';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { subjectOf, useSession } from '../../lib/session';
import { AddToPortfolioButton } from '../portfolios/AddToPortfolio';
import { DonorSummaryTable, nameOf } from './DonorSummaryTable';
import { formatNoteDate } from './format';
import { removeFavorite, useFavorites } from './queries';

/** /favorites/{id?}/{name?}: one's own favourites, or (a case manager) a client's. */
export default function FavoritesPage() {
  const params = useParams();
  const { user } = useSession();
  const queryClient = useQueryClient();
  const otherId = params.id && Number(params.id) !== user?.userId ? Number(params.id) : null;
  const list = useFavorites(otherId);
  // Up to three favourites go side by side on /comparedonors, where the role and center allow it.
  const mayCompare = user !== null && otherId === null && canOpen(subjectOf(user), 'comparedonors');
  const [compare, setCompare] = useState<number[]>([]);
  const toggleCompare = (donorId: number, on: boolean) =>
    setCompare((ids) => (on ? [...ids, donorId] : ids.filter((id) => id !== donorId)));
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
        {mayCompare ? (
          <Button
            component={Link}
            to={`/comparedonors?ids=${compare.join(',')}`}
            disabled={compare.length < 2}
            aria-disabled={compare.length < 2}
            onClick={(event) => {
              if (compare.length < 2) event.preventDefault();
            }}
          >
            Compare selected ({compare.length}/3)
          </Button>
        ) : null}
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
            ...(mayCompare
              ? [
                  {
                    header: 'Compare',
                    cell: (d: FavoriteDonor) => (
                      <Checkbox
                        aria-label={`Compare ${nameOf(d)}`}
                        checked={compare.includes(d.donorId)}
                        disabled={!compare.includes(d.donorId) && compare.length >= 3}
                        onChange={(event) => toggleCompare(d.donorId, event.currentTarget.checked)}
                      />
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
                        <AddToPortfolioButton donorId={d.donorId} label={d.displayId ?? String(d.donorId)} />
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
