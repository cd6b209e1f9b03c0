import { DONOR_FORM_TAB_LABELS, formatUsDate, pagePath } from '@dm/shared';
import { Alert, Badge, Button, Center, Group, List, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { AgencyContactCard } from './AgencyContactCard';
import { useDonorHome } from './queries';

/** /donorhome: the donor's landing page with her status, what is left to do and the agency's messages. */
export default function DonorHomePage() {
  const home = useDonorHome();
  if (home.isPending) {
    return (
      <Center h="40vh">
        <Loader role="status" aria-label="Loading" />
      </Center>
    );
  }
  if (!home.data) return <Alert color="red">Your details could not be loaded.</Alert>;
  const h = home.data;
  const formLink = pagePath('donorform', {
    id: h.donorId,
    page: h.landingPage,
    mode: h.preview ? 'preview' : undefined,
  });
  return (
    <Stack>
      <Title order={1} size="h2">
        Welcome, {h.firstName}
      </Title>
      <Paper withBorder p="md">
        <Group justify="space-between">
          <Text component="div">
            Your status: <Badge variant="light">{h.availability}</Badge>
          </Text>
          <Button component={Link} to={formLink}>
            {h.preview ? 'View my donor form' : 'Open my donor form'}
          </Button>
        </Group>
      </Paper>
      {h.availability === 'Rejected Initial Form' ? <AgencyContactCard /> : null}
      <Paper withBorder p="md">
        <Title order={2} size="h4" mb="xs">
          What is left to do
        </Title>
        {h.todo.length === 0 ? (
          <Text size="sm">Nothing is missing right now.</Text>
        ) : (
          <List size="sm">
            {h.todo.map((t) => (
              <List.Item key={`${t.tab}.${t.field}`}>
                {DONOR_FORM_TAB_LABELS[t.tab]}: {t.label}
              </List.Item>
            ))}
          </List>
        )}
      </Paper>
      <Paper withBorder p="md">
        <Title order={2} size="h4" mb="xs">
          Messages from your agency
        </Title>
        {h.messages.length === 0 ? (
          <Text size="sm">No messages yet.</Text>
        ) : (
          <Stack gap="xs">
            {h.messages.map((m) => (
              <Paper key={m.createdAt} withBorder p="xs">
                <Text size="xs" c="dimmed">
                  {formatUsDate(m.createdAt)} · {m.status}
                </Text>
                <Text size="sm">{m.message || '(no message)'}</Text>
              </Paper>
            ))}
          </Stack>
        )}
      </Paper>
    </Stack>
  );
}
