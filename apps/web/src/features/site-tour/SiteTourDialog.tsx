import type { SiteTourOutcome } from '@dm/shared';
import { Box, Button, Group, Modal, Stack, Text, Title } from '@mantine/core';
import { type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { useSession } from '../../lib/session';
import { tourSteps } from './steps';

/**
 * The site tour: one step at a time in a dialog. "Step n of m" names where the reader
 * is; each step's heading takes the focus, so a screen reader reads it; Back, Next and the arrow
 * keys move; Skip tour (or Escape) leaves, Finish on the last step. `onClose` says which.
 */
export function SiteTourDialog({
  opened,
  onClose,
}: {
  opened: boolean;
  onClose: (outcome: SiteTourOutcome) => void;
}) {
  const { user } = useSession();
  const steps = tourSteps(user?.center.appTitle ?? 'Donor Match');
  const [index, setIndex] = useState(0);
  const heading = useRef<HTMLHeadingElement>(null);
  const counterId = useId();
  const step = steps[index]!;
  const last = index === steps.length - 1;

  useEffect(() => {
    if (opened) setIndex(0);
  }, [opened]);
  // A new step: its heading takes the focus (the first one gets it from the dialog's autofocus).
  useEffect(() => {
    if (index > 0 || document.activeElement?.closest('[role="dialog"]')) heading.current?.focus();
  }, [index]);

  const go = (next: number) => setIndex(Math.max(0, Math.min(steps.length - 1, next)));
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'ArrowRight') go(index + 1);
    else if (event.key === 'ArrowLeft') go(index - 1);
    else return;
    event.preventDefault();
  };

  return (
    <Modal
      opened={opened}
      onClose={() => onClose('skipped')}
      title="Site tour"
      size="lg"
      closeButtonProps={{ 'aria-label': 'Close the tour' }}
    >
      <Stack onKeyDown={onKeyDown}>
        <Text id={counterId} fz="sm" c="gray.7">
          Step {index + 1} of {steps.length}
        </Text>
        <Group gap={6} aria-hidden>
          {steps.map((s, i) => (
            <Box
              key={s.title}
              w={i === index ? 24 : 8}
              h={8}
              bg={i <= index ? 'violet.7' : 'gray.3'}
              style={{ borderRadius: 4 }}
            />
          ))}
        </Group>
        <Title order={2} fz="h3" ref={heading} tabIndex={-1} data-autofocus aria-describedby={counterId}>
          {step.title}
        </Title>
        <Text>{step.text}</Text>
        {step.where ? (
          <Text fz="sm" c="gray.7">
            Where: {step.where}
          </Text>
        ) : null}
        <Group justify="space-between" mt="md">
          <Button variant="default" onClick={() => onClose('skipped')}>
            Skip tour
          </Button>
          <Group gap="xs">
            <Button variant="default" onClick={() => go(index - 1)} disabled={index === 0}>
              Back
            </Button>
            {last ? (
              <Button onClick={() => onClose('finished')}>Finish</Button>
            ) : (
              <Button onClick={() => go(index + 1)}>Next</Button>
            )}
          </Group>
        </Group>
      </Stack>
    </Modal>
  );
}
