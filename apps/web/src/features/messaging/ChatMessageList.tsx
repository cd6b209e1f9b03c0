import type { ChatInfo, ChatMessage } from '@dm/shared';
import { Anchor, Box, Button, Image, Paper, ScrollArea, Stack, Text } from '@mantine/core';
import { type RefObject, useEffect, useLayoutEffect, useMemo, useRef } from 'react';
import { formatDateTime } from '../../lib/dates';
import {
  fileSize,
  type ListChange,
  listChange,
  mergeMessages,
  type ReadingPlace,
  readingPlace,
  scrollTopAfter,
} from './chat-logic';
import type { useChatMessages } from './queries';

function Attachment({ message }: { message: ChatMessage }) {
  const a = message.attachment;
  if (!a) return null;
  if (a.kind === 'image') {
    return (
      <Anchor href={a.url} target="_blank" rel="noopener">
        <Image src={a.url} alt={`Image ${a.name}`} maw={200} radius="sm" />
      </Anchor>
    );
  }
  if (a.kind === 'audio') {
    // biome-ignore lint/a11y/useMediaCaption: a voice message the sender recorded has no captions
    return <audio controls src={a.url} aria-label={`Audio ${a.name}`} style={{ maxWidth: '100%' }} />;
  }
  return (
    <Anchor href={a.url} target="_blank" rel="noopener">
      {a.name} ({fileSize(a.size)})
    </Anchor>
  );
}

/** Scrolls the list where `change` leaves it and notes where the person now reads. */
function settle(viewport: HTMLDivElement, place: RefObject<ReadingPlace>, change: ListChange): void {
  const top = scrollTopAfter(change, place.current, viewport);
  if (top !== null && top !== viewport.scrollTop) viewport.scrollTop = top;
  place.current = readingPlace(viewport);
}

/**
 * Keeps the list at the newest message while the person reads there (a chat opens there), also
 * when an image loads or the box is maximized; a person who scrolled up stays where they are, and
 * older messages loaded above keep the place they read.
 */
function useFollowNewest(messages: readonly ChatMessage[], userId: number) {
  const viewport = useRef<HTMLDivElement>(null);
  const content = useRef<HTMLDivElement>(null);
  const place = useRef<ReadingPlace>({ following: true, fromBottom: 0 });
  const edges = useRef<{ first: number; last: number } | null>(null);

  // Before the browser paints the new messages, so the list never shows at the wrong place.
  useLayoutEffect(() => {
    const change = listChange(edges.current, messages, userId);
    const first = messages[0];
    const last = messages.at(-1);
    edges.current = first && last ? { first: first.id, last: last.id } : null;
    if (change && viewport.current) settle(viewport.current, place, change);
  }, [messages, userId]);

  useEffect(() => {
    const list = viewport.current;
    const inner = content.current;
    if (!list || !inner) return;
    const onScroll = () => {
      place.current = readingPlace(list);
    };
    list.addEventListener('scroll', onScroll, { passive: true });
    const sizes = new ResizeObserver(() => settle(list, place, 'resize'));
    sizes.observe(list);
    sizes.observe(inner);
    return () => {
      list.removeEventListener('scroll', onScroll);
      sizes.disconnect();
    };
  }, []);

  return { viewport, content };
}

interface Props {
  chat: ChatInfo;
  userId: number;
  pages: ReturnType<typeof useChatMessages>;
}

/** A chat's messages, oldest first, older pages on request; mounted while the box is open. */
export function ChatMessageList({ chat, userId, pages }: Props) {
  const messages = useMemo(() => mergeMessages(pages.data?.pages.map((p) => p.messages) ?? []), [pages.data]);
  const { viewport, content } = useFollowNewest(messages, userId);
  return (
    <ScrollArea
      style={{ flex: 1, minHeight: 0 }}
      px="xs"
      type="auto"
      viewportRef={viewport}
      viewportProps={{ tabIndex: 0 }}
    >
      <div ref={content}>
        {pages.hasNextPage && (
          <Button
            variant="subtle"
            size="compact-xs"
            fullWidth
            loading={pages.isFetchingNextPage}
            onClick={() => void pages.fetchNextPage()}
          >
            Load older messages
          </Button>
        )}
        <Stack gap={4} role="log" aria-live="polite" aria-label={`Messages with ${chat.other.name}`} py={4}>
          {pages.isError && <Text c="red">{pages.error.message}</Text>}
          {messages.map((m) => {
            const mine = m.senderId === userId;
            return (
              <Box
                key={m.id}
                data-testid="chat-message"
                style={{ alignSelf: mine ? 'flex-end' : 'flex-start', maxWidth: '85%' }}
              >
                <Paper
                  p={6}
                  radius="md"
                  bg={mine ? 'var(--mantine-color-blue-light)' : 'var(--mantine-color-gray-1)'}
                >
                  {m.message && (
                    <Text size="sm" style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
                      {m.message}
                    </Text>
                  )}
                  <Attachment message={m} />
                </Paper>
                <Text size="xs" c="dimmed" ta={mine ? 'right' : 'left'}>
                  {mine ? 'You' : chat.other.name}, {formatDateTime(m.sentAt)}
                </Text>
              </Box>
            );
          })}
        </Stack>
      </div>
    </ScrollArea>
  );
}
