import { canOpen } from '@dm/shared';
import { Badge, Box, Button } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { subjectOf, useSession } from '../../lib/session';
import { ConciergeDialog } from './ConciergeDialog';
import { useConciergeState } from './queries';

/**
 * The header's concierge upgrade: for the clients who may ask for it (the membership
 * page's rule: the consumer center's primary intended parents) a button that opens the dialog,
 * and once asked a "Concierge requested" mark instead, so it is never offered twice.
 */
export function ConciergeOffer() {
  const { user } = useSession();
  const allowed = user !== null && canOpen(subjectOf(user), 'join-as-a-member');
  const state = useConciergeState(allowed);
  const [opened, { open, close }] = useDisclosure(false);
  if (!allowed || !state.data) return null;
  return (
    <>
      {state.data.requested ? (
        <Badge variant="light" color="violet.9" visibleFrom="sm">
          Concierge requested
        </Badge>
      ) : (
        // A phone's header has no room for the whole offer beside the bell and the account: it
        // reads "Concierge" there, which the name keeps (label in name).
        <Button size="xs" variant="light" color="violet.9" onClick={open} aria-label="Upgrade to concierge">
          <Box component="span" visibleFrom="sm">
            Upgrade to concierge
          </Box>
          <Box component="span" hiddenFrom="sm">
            Concierge
          </Box>
        </Button>
      )}
      <ConciergeDialog opened={opened} onClose={close} state={state.data} />
    </>
  );
}
