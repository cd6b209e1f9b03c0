import { canOpen, PAGES, type PageKey, pagePath, ROLE_LABEL } from '@dm/shared';
import {
  Alert,
  AppShell,
  Burger,
  Button,
  Group,
  Menu,
  NavLink,
  ScrollArea,
  Text,
  UnstyledButton,
  VisuallyHidden,
} from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { type ReactNode, useEffect } from 'react';
import { Link as RouterLink, NavLink as RouterNavLink, useLocation } from 'react-router';
import { ConciergeOffer } from '../features/concierge/ConciergeOffer';
import { useLiveChatMessages } from '../features/messaging/queries';
import { NotificationBell } from '../features/notifications/NotificationBell';
import { UserAvatar } from '../features/profile-picture/UserAvatar';
import { SiteTourOffer } from '../features/site-tour/SiteTourOffer';
import { guardedLeave } from '../lib/leave-guard';
import { menuFor } from '../lib/menu';
import { subjectOf, useSession } from '../lib/session';
import { useSwitchBack } from '../lib/switch-role';

/** The signed-in frame: header with the user menu, navigation by role, the page in <main>. */
export function AppLayout({ page, children }: { page: PageKey; children: ReactNode }) {
  const { user, signOut, newBuild } = useSession();
  const [opened, { toggle, close }] = useDisclosure();
  const location = useLocation();
  const switchBack = useSwitchBack();
  // Here rather than in the chat box: a message pushed while the box is closed, or while the
  // person is on another page, must be in that chat's cache when it is opened next.
  useLiveChatMessages();
  useEffect(() => {
    document.title = `${PAGES[page].title} · ${user?.center.appTitle ?? 'Donor Match'}`;
  }, [page, user]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the mobile menu closes whenever the route changes
  useEffect(() => close(), [location.pathname, close]);
  if (!user) return null;
  const items = menuFor(user);
  return (
    <AppShell
      header={{ height: 60 }}
      navbar={{ width: 240, breakpoint: 'sm', collapsed: { mobile: !opened } }}
      padding="lg"
    >
      <a href="#main" className="skip-link">
        Skip to content
      </a>
      <AppShell.Header>
        {/* Every text of the bar stays on one line, cut short with an ellipsis when the screen is
            narrow (wrapped, the title and the account button grew taller than the bar): the
            title takes the room the actions leave, then the account button gives way. */}
        <Group h="100%" px="md" justify="space-between" wrap="nowrap" gap="xs">
          <Group wrap="nowrap" gap="xs" style={{ flex: '1 1 0' }}>
            <Burger
              opened={opened}
              onClick={toggle}
              hiddenFrom="sm"
              size="sm"
              aria-label="Toggle navigation"
            />
            {/* Width 0 and grown: the title never holds the bar wider than the burger beside it. */}
            <Text fw={700} c="violet.8" fz="lg" truncate="end" w={0} style={{ flexGrow: 1 }}>
              {user.center.appTitle}
            </Text>
          </Group>
          <Group gap="sm" wrap="nowrap" miw={0} className="app-header-actions">
            {/* The consumer center's clients: the concierge upgrade, until asked for. */}
            <ConciergeOffer />
            {/* Only for those who may open /notifications (not a Pre-Active parent held at /notpaid). */}
            {canOpen(subjectOf(user), 'notifications') && <NotificationBell />}
            {/* Not for donors (their pictures are on the donor form). */}
            <UserAvatar user={user} />
            <Menu position="bottom-end" withinPortal>
              <Menu.Target>
                <UnstyledButton style={{ flexShrink: 1, minWidth: 0 }}>
                  <VisuallyHidden>Account menu for </VisuallyHidden>
                  <Text fw={500} truncate="end">
                    {user.fullName}
                  </Text>
                  {/* On a phone the role and center are in the menu itself (the label below). */}
                  <Text fz="xs" c="gray.7" truncate="end" visibleFrom="sm">
                    {ROLE_LABEL[user.role]} · {user.center.name}
                  </Text>
                </UnstyledButton>
              </Menu.Target>
              <Menu.Dropdown>
                <Menu.Label hiddenFrom="sm">
                  {ROLE_LABEL[user.role]} · {user.center.name}
                </Menu.Label>
                {user.switchedFrom ? (
                  <Menu.Item onClick={() => guardedLeave(() => switchBack.mutate())}>
                    Back to {user.switchedFrom.fullName}
                  </Menu.Item>
                ) : null}
                <Menu.Item component={RouterLink} to={pagePath('editprofile')}>
                  Profile
                </Menu.Item>
                <Menu.Item onClick={() => guardedLeave(() => void signOut())}>Log out</Menu.Item>
              </Menu.Dropdown>
            </Menu>
          </Group>
        </Group>
      </AppShell.Header>
      <AppShell.Navbar p="xs" aria-label="Main navigation">
        <ScrollArea>
          {items.map((item) => (
            <NavLink
              key={item.page}
              component={RouterNavLink}
              to={pagePath(item.page, item.params)}
              label={item.label}
              active={location.pathname === pagePath(item.page, item.params)}
            />
          ))}
        </ScrollArea>
      </AppShell.Navbar>
      <AppShell.Main id="main">
        {newBuild ? (
          <Alert color="blue" mb="md" title="A new version is available">
            <Group justify="space-between">
              <Text fz="sm">Reload to use the latest version of the application.</Text>
              <Button size="xs" onClick={() => window.location.reload()}>
                Reload
              </Button>
            </Group>
          </Alert>
        ) : null}
        {user.switchedFrom ? (
          <Alert color="grape" mb="md" title={`You are working as ${user.fullName}`}>
            <Button size="xs" variant="light" onClick={() => guardedLeave(() => switchBack.mutate())}>
              Back to {user.switchedFrom.fullName}
            </Button>
          </Alert>
        ) : null}
        <SiteTourOffer page={page} />
        {children}
      </AppShell.Main>
    </AppShell>
  );
}
