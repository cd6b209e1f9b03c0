import { PAGES } from '@dm/shared';
import { Alert, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { useParams } from 'react-router';
import { formatDateTime } from '../../lib/dates';
import { fileSize } from './chat-logic';
import { useMessageHistory } from './queries';

/** /message-history/{id}: a case manager reads a client's chats (the read is audited). */
export default function MessageHistoryPage() {
  const userId = Number(useParams().id);
  const valid = Number.isInteger(userId) && userId > 0;
  const history = useMessageHistory(userId, valid);
  return (
    <Stack>
      <Title order={1} fz="h2">
        {PAGES['message-history'].title}
        {history.data ? `: ${history.data.user.name}` : ''}
      </Title>
      {!valid || history.isError ? (
        <Alert color="red" title="Error">
          {history.error instanceof Error ? history.error.message : 'User not found.'}
        </Alert>
      ) : history.isPending ? (
        <Loader aria-label="Loading messages" />
      ) : history.data.chats.length === 0 ? (
        <Text>No messages yet.</Text>
      ) : (
        history.data.chats.map((chat) => (
          <Stack key={chat.chatId} component="section" aria-labelledby={`history-${chat.chatId}`} gap={4}>
            <Title id={`history-${chat.chatId}`} order={2} fz="h4">
              With {chat.other.name}
            </Title>
            {chat.messages.map((m) => (
              <Paper key={m.id} withBorder p="xs">
                <Text size="xs" c="dimmed">
                  {m.senderId === history.data.user.userId ? history.data.user.name : chat.other.name},{' '}
                  {formatDateTime(m.sentAt)}
                </Text>
                {m.message && <Text style={{ whiteSpace: 'pre-wrap' }}>{m.message}</Text>}
                {m.attachment && (
                  <Text size="sm">
                    Attachment: {m.attachment.name} ({fileSize(m.attachment.size)})
                  </Text>
                )}
              </Paper>
            ))}
          </Stack>
        ))
      )}
    </Stack>
  );
}
