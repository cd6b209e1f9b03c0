import { canOpen, type PageKey, type SiteTourOutcome } from '@dm/shared';
import { Button, Group, Paper, Text } from '@mantine/core';
import { useId, useState } from 'react';
import { subjectOf, useSession } from '../../lib/session';
import { useMarkSiteTourSeen, useSiteTourState } from './queries';
import { SiteTourDialog } from './SiteTourDialog';

/**
 * The first-visit offer of the site tour: a consumer-center client who has neither
 * finished nor skipped the tour sees it above every page until she takes or declines it. It asks
 * rather than opening the dialog over the page she came to (a deep link, a page of work).
 */
export function SiteTourOffer({ page }: { page: PageKey }) {
  const { user } = useSession();
  const allowed = user !== null && canOpen(subjectOf(user), 'site-tour');
  const state = useSiteTourState(allowed);
  const mark = useMarkSiteTourSeen();
  const [touring, setTouring] = useState(false);
  const titleId = useId();
  // The tour's own page offers it there; once answered the offer goes.
  const offered = allowed && page !== 'site-tour' && state.data?.seen === false && !mark.isSuccess;
  const close = (outcome: SiteTourOutcome) => {
    setTouring(false);
    mark.mutate(outcome);
  };
  return (
    <>
      {offered && !touring ? (
        <Paper withBorder p="md" mb="md" bg="violet.0" role="region" aria-labelledby={titleId}>
          <Group justify="space-between" wrap="wrap" gap="sm">
            <div>
              <Text fw={700} id={titleId}>
                New here? Take the site tour
              </Text>
              <Text fz="sm">
                A one-minute look at searching donors, favorites, portfolios, messages and more.
              </Text>
            </div>
            <Group gap="xs">
              <Button variant="default" onClick={() => mark.mutate('skipped')} loading={mark.isPending}>
                No thanks
              </Button>
              <Button onClick={() => setTouring(true)}>Start the tour</Button>
            </Group>
          </Group>
        </Paper>
      ) : null}
      {allowed ? <SiteTourDialog opened={touring} onClose={close} /> : null}
    </>
  );
}
