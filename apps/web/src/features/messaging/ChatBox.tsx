import {
  CHAT_MSG,
  type ChatInfo,
  type ChatMessage,
  chatMessageProblem,
  ROLE,
  type SessionUser,
} from '@dm/shared';
import {
  ActionIcon,
  Alert,
  Anchor,
  Badge,
  Box,
  Button,
  Checkbox,
  FileButton,
  Group,
  Image,
  Paper,
  ScrollArea,
  Stack,
  Text,
  Textarea,
} from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { formatDateTime } from '../../lib/dates';
import { checksSchema, useZodForm } from '../../lib/form';
import { usePresence, useRealtimeEvent, useRealtimeReconnect } from '../../lib/realtime';
import {
  type BoxState,
  boxSize,
  canMaximize,
  fileSize,
  mergeMessages,
  newClientMessageId,
} from './chat-logic';
import {
  chatKeys,
  reportApiError,
  useChatMessages,
  useDisableFlag,
  useSendFile,
  useSendMessage,
} from './queries';

interface Props {
  chat: ChatInfo;
  user: SessionUser;
  state: BoxState;
  windowWidth: number;
  onState(state: BoxState): void;
  onClose(): void;
}

interface Values {
  message: string;
  notification: boolean;
  email: boolean;
  text: boolean;
}

const INITIAL: Values = { message: '', notification: true, email: false, text: false };

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

/** One chat: closed (not rendered), minimized, normal or maximized; history pages, send, files. */
export function ChatBox({ chat, user, state, windowWidth, onState, onClose }: Props) {
  const queryClient = useQueryClient();
  const pages = useChatMessages(chat.chatId);
  const [arrived, setArrived] = useState<ChatMessage[]>([]);
  // Online or offline per chat (the socket answers who is online now, then pushes changes).
  const online = usePresence([chat.other.userId]).has(chat.other.userId);
  const send = useSendMessage();
  const sendFile = useSendFile();
  const { form, formRef, focusFirstError } = useZodForm<Values>(
    checksSchema<Values>((v) => {
      const problem = chatMessageProblem(v.message, v);
      return problem ? { [problem === CHAT_MSG.SELECT_OPTION ? 'notification' : 'message']: problem } : {};
    }),
    INITIAL,
  );

  useRealtimeEvent('chat:message', (event) => {
    if (event.chatId === chat.chatId) setArrived((list) => [...list, event.message as ChatMessage]);
  });
  useRealtimeReconnect(() => {
    setArrived([]);
    void queryClient.invalidateQueries({ queryKey: chatKeys.messages(chat.chatId) });
  });

  const loaded = pages.data?.pages.map((p) => p.messages) ?? [];
  const messages = mergeMessages(loaded, arrived);
  const size = boxSize(state, windowWidth);
  const flag = useDisableFlag();
  const blocked = flag.data?.disableChat ?? chat.disabled;

  const submit = form.onSubmit(
    async (values) => {
      try {
        const message = await send.mutateAsync({
          chatId: chat.chatId,
          message: values.message,
          clientMessageId: newClientMessageId(),
          notification: values.notification,
          email: values.email,
          text: values.text,
        });
        setArrived((list) => [...list, message]);
        form.setFieldValue('message', '');
      } catch (error) {
        reportApiError(error);
      }
    },
    () => focusFirstError(),
  );

  const upload = async (file: File | null, image: boolean) => {
    if (!file) return;
    const values = form.getValues();
    const problem = chatMessageProblem('', values, true);
    if (problem) {
      form.setFieldError('notification', problem);
      return;
    }
    const data = new FormData();
    data.set('chatId', String(chat.chatId));
    data.set('clientMessageId', newClientMessageId());
    for (const key of ['notification', 'email', 'text'] as const) data.set(key, String(values[key]));
    data.set('file', file);
    try {
      const message = await sendFile.mutateAsync({ image, form: data });
      setArrived((list) => [...list, message]);
    } catch (error) {
      reportApiError(error);
    }
  };

  const titleId = `chat-title-${chat.chatId}`;
  return (
    <Paper
      component="section"
      aria-labelledby={titleId}
      withBorder
      shadow="md"
      style={{
        position: 'fixed',
        right: 16,
        bottom: 0,
        width: size.width,
        height: size.height,
        zIndex: 200,
        display: 'flex',
        flexDirection: 'column',
        overflow: 'hidden',
      }}
    >
      <Group justify="space-between" px="xs" py={4} bg="var(--mantine-primary-color-filled)" wrap="nowrap">
        <Group gap={6} wrap="nowrap">
          <Text id={titleId} c="white" fw={600} size="sm" truncate>
            {chat.other.name}
          </Text>
          <Badge size="xs" color={online ? 'green' : 'gray'} variant="white">
            {online ? 'Online' : 'Offline'}
          </Badge>
        </Group>
        <Group gap={2} wrap="nowrap">
          <ActionIcon
            variant="subtle"
            color="white"
            aria-label={state === 'minimized' ? 'Restore chat' : 'Minimize chat'}
            onClick={() => onState(state === 'minimized' ? 'normal' : 'minimized')}
          >
            {state === 'minimized' ? '▴' : '▾'}
          </ActionIcon>
          {canMaximize(windowWidth) && state !== 'minimized' && (
            <ActionIcon
              variant="subtle"
              color="white"
              aria-label={state === 'maximized' ? 'Restore chat size' : 'Maximize chat'}
              onClick={() => onState(state === 'maximized' ? 'normal' : 'maximized')}
            >
              {state === 'maximized' ? '❐' : '□'}
            </ActionIcon>
          )}
          <ActionIcon variant="subtle" color="white" aria-label="Close chat" onClick={onClose}>
            ×
          </ActionIcon>
        </Group>
      </Group>
      {state !== 'minimized' && (
        <>
          <ScrollArea style={{ flex: 1 }} px="xs" type="auto" viewportProps={{ tabIndex: 0 }}>
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
            <Stack
              gap={4}
              role="log"
              aria-live="polite"
              aria-label={`Messages with ${chat.other.name}`}
              py={4}
            >
              {pages.isError && <Text c="red">{pages.error.message}</Text>}
              {messages.map((m) => {
                const mine = m.senderId === user.userId;
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
          </ScrollArea>
          {blocked ? (
            <Alert color="yellow" p="xs">
              {user.role === ROLE.CLIENT ? CHAT_MSG.PREMIUM_UPGRADE : CHAT_MSG.DISABLED}
            </Alert>
          ) : (
            <form ref={formRef} onSubmit={submit} noValidate>
              <Stack gap={4} p="xs">
                <Textarea label="Message" size="xs" rows={2} {...form.getInputProps('message')} />
                <Group gap="xs">
                  <Checkbox
                    size="xs"
                    label="Notification"
                    {...form.getInputProps('notification', { type: 'checkbox' })}
                  />
                  <Checkbox size="xs" label="Email" {...form.getInputProps('email', { type: 'checkbox' })} />
                  <Checkbox
                    size="xs"
                    label="Text message"
                    {...form.getInputProps('text', { type: 'checkbox' })}
                  />
                </Group>
                <Group gap="xs" justify="space-between">
                  <Group gap={4}>
                    <FileButton
                      onChange={(f) => void upload(f, true)}
                      accept="image/png,image/jpeg,image/gif,image/bmp"
                    >
                      {(props) => (
                        <Button {...props} size="compact-xs" variant="light" loading={sendFile.isPending}>
                          Image
                        </Button>
                      )}
                    </FileButton>
                    <FileButton
                      onChange={(f) => void upload(f, false)}
                      accept=".pdf,.doc,.docx,.xls,.xlsx,.txt,.mp3"
                    >
                      {(props) => (
                        <Button {...props} size="compact-xs" variant="light" loading={sendFile.isPending}>
                          File
                        </Button>
                      )}
                    </FileButton>
                  </Group>
                  <Button type="submit" size="compact-sm" loading={send.isPending}>
                    Send
                  </Button>
                </Group>
              </Stack>
            </form>
          )}
        </>
      )}
    </Paper>
  );
}
