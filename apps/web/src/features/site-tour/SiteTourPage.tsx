import { PAGES, type SiteTourOutcome } from '@dm/shared';
import { Button, Stack, Text, Title } from '@mantine/core';
import { useRef, useState } from 'react';
import { useMarkSiteTourSeen } from './queries';
import { SiteTourDialog } from './SiteTourDialog';

/**
 * /site-tour: the tour opened from the menu. It starts at once and can be taken again;
 * finishing or skipping it is remembered on the server, so the first-visit offer goes away.
 */
export default function SiteTourPage() {
  const [touring, setTouring] = useState(true);
  const [outcome, setOutcome] = useState<SiteTourOutcome | null>(null);
  const mark = useMarkSiteTourSeen();
  const start = useRef<HTMLButtonElement>(null);
  const close = (result: SiteTourOutcome) => {
    setTouring(false);
    setOutcome(result);
    mark.mutate(result);
    // The focus goes back to where the tour starts again (the dialog opened with the page).
    requestAnimationFrame(() => start.current?.focus());
  };
  return (
    <Stack align="flex-start">
      <Title order={1}>{PAGES['site-tour'].title}</Title>
      <Text>
        A step-by-step look at the main screens: searching donors, favorites, donor details, your portfolio,
        messages, coaching sessions and your subscription.
      </Text>
      {outcome === 'finished' ? (
        <Text role="status">You have finished the tour. You can take it again at any time.</Text>
      ) : null}
      <Button ref={start} onClick={() => setTouring(true)}>
        {outcome ? 'Take the tour again' : 'Start the tour'}
      </Button>
      <SiteTourDialog opened={touring} onClose={close} />
    </Stack>
  );
}
