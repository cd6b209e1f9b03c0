import { IMAGE_GUIDELINES_SCROLL_PX } from '@dm/shared';
import { Button, Group, List, Modal, Stack, Text } from '@mantine/core';
import { useCallback, useEffect, useRef, useState } from 'react';

const GUIDELINES = [
  'Upload recent photos (taken within the last two years) and at least one clear photo of your face.',
  'Show only yourself: crop out other people, especially children, or choose another photo.',
  'Use good light and a plain background; avoid filters, heavy editing, sunglasses and hats.',
  'Childhood photos are welcome: add your age at the time in the caption.',
  'No nudity, swimwear close-ups, alcohol, drugs, weapons or offensive gestures.',
  'Do not show anything that identifies you: house numbers, car plates, school or workplace names, badges.',
  'Photos must be your own, or you must have the right to share them.',
  'Accepted types: png, jpeg, jpg, gif and bmp, up to 20 MB each, at most 30 photos and 15 at a time.',
  'The agency may hide or remove photos that do not follow these guidelines.',
  'Private photos are seen by the agency only, never by intended parents.',
  'Your first photo becomes your profile picture; you can choose another at any time.',
  'Metadata such as camera details and location is removed from every photo you upload.',
];

/**
 * The image guidelines (donor-forms spec 5): the accept button only works once the text has been
 * scrolled to within 200 px of its end.
 */
export function ImageGuidelinesDialog(props: {
  opened: boolean;
  onClose: () => void;
  onAccept: () => void;
  accepting?: boolean;
}) {
  const box = useRef<HTMLDivElement | null>(null);
  const [nearEnd, setNearEnd] = useState(false);
  const measure = useCallback(() => {
    const el = box.current;
    if (!el) return;
    setNearEnd(el.scrollHeight - el.scrollTop - el.clientHeight <= IMAGE_GUIDELINES_SCROLL_PX);
  }, []);
  useEffect(() => {
    if (!props.opened) setNearEnd(false);
  }, [props.opened]);
  const attach = useCallback(
    (el: HTMLDivElement | null) => {
      box.current = el;
      if (el) measure();
    },
    [measure],
  );
  return (
    <Modal opened={props.opened} onClose={props.onClose} title="Image guidelines" size="lg">
      <Stack>
        <div
          ref={attach}
          onScroll={measure}
          // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable text must be scrollable by keyboard
          tabIndex={0}
          role="document"
          aria-label="Image guidelines text"
          data-testid="image-guidelines-text"
          style={{ maxHeight: 320, overflowY: 'auto', paddingRight: 8 }}
        >
          <List spacing="sm">
            {GUIDELINES.map((g) => (
              <List.Item key={g}>{g}</List.Item>
            ))}
          </List>
        </div>
        {!nearEnd ? (
          <Text size="sm" c="dimmed">
            Scroll to the end of the guidelines to accept them.
          </Text>
        ) : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={props.onClose}>
            Cancel
          </Button>
          <Button disabled={!nearEnd} loading={props.accepting} onClick={props.onAccept}>
            I accept
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
