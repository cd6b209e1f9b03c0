import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** The shared look of the access pages: a heading, an explanation and what to do next. */
export function AccessMessage({
  title,
  children,
  action,
}: {
  title: string;
  children: ReactNode;
  action?: ReactNode;
}) {
  return (
    <Paper withBorder p="xl" radius="md" maw={640}>
      <Stack>
        <Title order={1} fz="h2">
          {title}
        </Title>
        <Text>{children}</Text>
        {action ? <Group>{action}</Group> : null}
      </Stack>
    </Paper>
  );
}

export function HomeButton() {
  return (
    <Button component="a" href="#/" variant="light">
      Go to the home page
    </Button>
  );
}
