import { Alert, Button, Code, CopyButton, Group, Stack, Text } from '@mantine/core';

/** A secret answered once (an API key, a webhook's signing secret): shown with a copy button until dismissed. */
export function SecretOnce(props: { title: string; secret: string; onDone: () => void }) {
  return (
    <Alert color="yellow" title={props.title} role="status">
      <Stack gap="xs">
        <Text fz="sm">Copy it now: it is not shown again.</Text>
        <Code block data-testid="secret-once">
          {props.secret}
        </Code>
        <Group>
          <CopyButton value={props.secret}>
            {({ copied, copy }) => (
              <Button size="xs" variant="light" onClick={copy}>
                {copied ? 'Copied' : 'Copy'}
              </Button>
            )}
          </CopyButton>
          <Button size="xs" variant="default" onClick={props.onDone}>
            I have copied it
          </Button>
        </Group>
      </Stack>
    </Alert>
  );
}
