import { MSG } from '@dm/shared';
import { Box, Button, Group, Loader, Modal, Stack } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useCallback, useRef, useState } from 'react';
import { FormAlert, messageOf } from '../../lib/form';
import { useSession } from '../../lib/session';
import { acceptTerms, useTerms } from './queries';

/** How close to the end of the text counts as read (rounding, zoom, a last blank line). */
const END_TOLERANCE_PX = 24;

function atEnd(element: HTMLElement): boolean {
  return element.scrollTop + element.clientHeight >= element.scrollHeight - END_TOLERANCE_PX;
}

/**
 * The terms (EULA) view: shown after login until accepted, and only accepted once the text has
 * been scrolled to its end (platform.md sections 4 and 5). It cannot be dismissed; leaving means
 * logging out.
 */
export function TermsDialog({ opened, onAccepted }: { opened: boolean; onAccepted(): void }) {
  const session = useSession();
  const textRef = useRef<HTMLDivElement>(null);
  const [readToEnd, setReadToEnd] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const terms = useTerms(opened);
  const accept = useMutation({
    mutationFn: () => acceptTerms(),
    onSuccess: async () => {
      await session.refresh();
      onAccepted();
    },
    onError: (failure) => setError(messageOf(failure)),
  });

  // A native listener (attached with the element): a scroll event dispatched by script is seen too.
  const attachText = useCallback((element: HTMLDivElement | null) => {
    textRef.current = element;
    if (!element) return;
    const onScroll = () => {
      if (atEnd(element)) setReadToEnd(true);
    };
    element.addEventListener('scroll', onScroll);
    return () => element.removeEventListener('scroll', onScroll);
  }, []);

  const onAccept = () => {
    const element = textRef.current;
    if (!element || !(readToEnd || atEnd(element))) {
      setError(MSG.SCROLL_TERMS);
      element?.focus();
      return;
    }
    setError(null);
    accept.mutate();
  };

  return (
    <Modal
      opened={opened}
      onClose={() => {}}
      title="Terms and Conditions"
      closeOnEscape={false}
      closeOnClickOutside={false}
      withCloseButton={false}
      size="lg"
      centered
    >
      <Stack>
        {terms.isPending ? (
          <Loader aria-label="Loading the terms" />
        ) : terms.isError ? (
          <FormAlert message={messageOf(terms.error)} />
        ) : (
          <Box
            ref={attachText}
            data-testid="terms-text"
            role="region"
            aria-label="Terms and Conditions text"
            tabIndex={0}
            mah="40vh"
            p="sm"
            style={{
              overflowY: 'auto',
              whiteSpace: 'pre-wrap',
              border: '1px solid var(--mantine-color-gray-4)',
              borderRadius: 'var(--mantine-radius-sm)',
            }}
          >
            {terms.data.body}
          </Box>
        )}
        <FormAlert message={error} />
        <Group justify="flex-end">
          <Button variant="default" onClick={() => void session.signOut()}>
            Log out
          </Button>
          <Button onClick={onAccept} loading={accept.isPending} disabled={!terms.isSuccess}>
            Accept
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
