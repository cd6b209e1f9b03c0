import { Anchor, Box, Center, Container, Paper, Stack, Text, Title } from '@mantine/core';
import { type ReactNode, useEffect } from 'react';
import { useAgency } from '../lib/agency';

/** The frame of the authentication pages: agency branding, no menus. */
export function AuthLayout({
  title,
  children,
  width = 440,
}: {
  title: string;
  children: ReactNode;
  width?: number;
}) {
  const agency = useAgency();
  const appTitle = agency.data?.agency.appTitle ?? 'Donor Match';
  useEffect(() => {
    document.title = `${title} · ${appTitle}`;
    const meta = document.querySelector('meta[name="description"]');
    if (meta && agency.data?.agency.metaDesc) meta.setAttribute('content', agency.data.agency.metaDesc);
  }, [title, appTitle, agency.data]);
  return (
    <Box bg="var(--mantine-color-gray-0)" mih="100vh" py="xl">
      <Container size={width} px="md">
        <Stack gap="lg">
          <Center>
            <Stack gap={2} align="center">
              {agency.data?.agency.logoUrl ? (
                <img src={agency.data.agency.logoUrl} alt={`${appTitle} logo`} height={48} />
              ) : null}
              <Text fw={700} fz="xl" c="violet.8">
                {appTitle}
              </Text>
            </Stack>
          </Center>
          <Paper component="main" withBorder shadow="sm" p="xl" radius="md">
            <Title order={1} fz="h2" mb="md">
              {title}
            </Title>
            {children}
          </Paper>
          <Text c="gray.7" fz="sm" ta="center">
            © {agency.data?.year ?? new Date().getFullYear()} {agency.data?.agency.name ?? appTitle} ·{' '}
            <Anchor href="#/login" fz="sm" underline="always">
              Sign in
            </Anchor>
          </Text>
        </Stack>
      </Container>
    </Box>
  );
}
