import { CHAT_MSG, type ChatInfo, chatMessageProblem, ROLE, type SessionUser } from '@dm/shared';
import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Checkbox,
  FileButton,
  Group,
  Paper,
  Stack,
  Text,
  Textarea,
} from '@mantine/core';
import { checksSchema, useZodForm } from '../../lib/form';
import { usePresence } from '../../lib/realtime';
import { ChatMessageList } from './ChatMessageList';
import { type BoxState, boxSize, canMaximize, newClientMessageId } from './chat-logic';
import { reportApiError, useChatMessages, useDisableFlag, useSendFile, useSendMessage } from './queries';

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

/**
 * One chat: closed (not rendered), minimized, normal or maximized; history pages, send, files.
 * Its messages are the chat's cached pages, which the app keeps current while the box is closed
 * too (useLiveChatMessages), so a closed and reopened box shows what arrived at once.
 */
export function ChatBox({ chat, user, state, windowWidth, onState, onClose }: Props) {
  const pages = useChatMessages(chat.chatId);
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

  const size = boxSize(state, windowWidth);
  const flag = useDisableFlag();
  const blocked = flag.data?.disableChat ?? chat.disabled;

  const submit = form.onSubmit(
    async (values) => {
      try {
        await send.mutateAsync({
          chatId: chat.chatId,
          message: values.message,
          clientMessageId: newClientMessageId(),
          notification: values.notification,
          email: values.email,
          text: values.text,
        });
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
      await sendFile.mutateAsync({ image, form: data });
    } catch (error) {
      reportApiError(error);
    }
  };

  const titleId = `chat-title-${chat.chatId}`;
  const messageId = `chat-message-${chat.chatId}`;
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
          <ChatMessageList chat={chat} userId={user.userId} pages={pages} />
          {blocked ? (
            <Alert color="yellow" p="xs">
              {user.role === ROLE.CLIENT ? CHAT_MSG.PREMIUM_UPGRADE : CHAT_MSG.DISABLED}
            </Alert>
          ) : (
            // Compact, so that the list keeps most of the 300 px box: the label shares its row with
            // the attachment buttons, the field starts one line high and grows as the person types.
            <form ref={formRef} onSubmit={submit} noValidate>
              <Stack gap={4} px="xs" py={6}>
                <Group gap={4} justify="space-between" wrap="nowrap">
                  <Text component="label" htmlFor={messageId} size="xs" fw={500}>
                    Message
                  </Text>
                  <Group gap={4} wrap="nowrap">
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
                </Group>
                <Group gap={4} wrap="nowrap" align="flex-start">
                  <Textarea
                    id={messageId}
                    size="xs"
                    autosize
                    minRows={1}
                    maxRows={4}
                    style={{ flex: 1 }}
                    {...form.getInputProps('message')}
                  />
                  <Button type="submit" size="compact-md" fz="sm" loading={send.isPending}>
                    Send
                  </Button>
                </Group>
                <Group gap={8}>
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
              </Stack>
            </form>
          )}
        </>
      )}
    </Paper>
  );
}
