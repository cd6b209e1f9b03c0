import { type ChatContact, type ChatInfo, PAGES, ROLE, type SessionUser } from '@dm/shared';
import {
  Alert,
  Button,
  Group,
  Loader,
  Modal,
  ScrollArea,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useParams } from 'react-router';
import { notify } from '../../lib/notify';
import { useRealtimeEvent, useRealtimeReconnect } from '../../lib/realtime';
import { useSession } from '../../lib/session';
import { ChatBox } from './ChatBox';
import { type BoxState, groupInSixes, type ListDef, listsOf, openBoxProblem } from './chat-logic';
import {
  chatKeys,
  openChatWith,
  reportApiError,
  useChatList,
  usePartnerAgencies,
  usePartnerIps,
} from './queries';

function useWindowWidth(): number {
  const [width, setWidth] = useState(() => (typeof window === 'undefined' ? 1024 : window.innerWidth));
  useEffect(() => {
    const onResize = () => setWidth(window.innerWidth);
    window.addEventListener('resize', onResize);
    return () => window.removeEventListener('resize', onResize);
  }, []);
  return width;
}

function Contacts({
  title,
  contacts,
  onOpen,
}: {
  title: string;
  contacts: ChatContact[] | undefined;
  onOpen(contact: ChatContact): void;
}) {
  const headingId = `chat-list-${title.replace(/\W+/g, '-').toLowerCase()}`;
  return (
    <Stack component="section" aria-labelledby={headingId} gap="xs">
      <Title id={headingId} order={2} fz="h4">
        {title}
      </Title>
      {contacts === undefined ? (
        <Loader size="sm" aria-label={`Loading ${title}`} />
      ) : contacts.length === 0 ? (
        <Text c="dimmed">Nobody to show.</Text>
      ) : (
        groupInSixes(contacts).map((group) => (
          <SimpleGrid key={group[0]!.userId} cols={{ base: 2, sm: 3, md: 6 }} spacing="xs">
            {group.map((c) => (
              <Button
                key={c.userId}
                variant={c.unread > 0 ? 'filled' : 'light'}
                onClick={() => onOpen(c)}
                styles={{ label: { whiteSpace: 'normal' } }}
                h="auto"
                py={6}
              >
                <Stack gap={0} align="center">
                  <span>
                    <VisuallyHidden>Chat with </VisuallyHidden>
                    {c.name}
                  </span>
                  <Text size="xs" c={c.unread > 0 ? 'white' : 'dimmed'}>
                    {c.centerName}
                    {c.unread > 0 ? ` · ${c.unread} new` : ''}
                  </Text>
                </Stack>
              </Button>
            ))}
          </SimpleGrid>
        ))
      )}
    </Stack>
  );
}

function ListSection({ def, onOpen }: { def: ListDef; onOpen(contact: ChatContact): void }) {
  const list = useChatList(def.call, def.type);
  if (list.isError) return <Alert color="red">{list.error.message}</Alert>;
  return <Contacts title={def.title} contacts={list.data} onOpen={onOpen} />;
}

/** A manager's partner agencies' intended parents: pick the agency, then the parent. */
function PartnerIps({ user, onOpen }: { user: SessionUser; onOpen(contact: ChatContact): void }) {
  const agencies = usePartnerAgencies(true);
  const [center, setCenter] = useState<string | null>(null);
  const ips = usePartnerIps(center ? Number(center) : null);
  const options = (agencies.data?.agencies ?? [])
    .filter((a) => a.centerId !== user.center.id)
    .map((a) => ({ value: String(a.centerId), label: a.name }));
  return (
    <Stack gap="xs">
      <Select
        label="Partner agency intended parents"
        placeholder="Choose an agency"
        data={options}
        value={center}
        onChange={setCenter}
        maw={320}
      />
      {center && <Contacts title="Partner agency intended parents" contacts={ips.data} onOpen={onOpen} />}
    </Stack>
  );
}

/** The message center info dialog: who the caller can write to and how they are told. */
function MessageCenterInfo() {
  const [opened, { open, close }] = useDisclosure(false);
  return (
    <>
      <Button variant="subtle" size="compact-sm" onClick={open}>
        About the message center
      </Button>
      <Modal opened={opened} onClose={close} title="About the message center">
        <Stack gap="xs">
          <Text size="sm">
            The lists show the people you can write to. Open one to start a chat; only one chat box is open at
            a time, and it can be minimized or maximized.
          </Text>
          <Text size="sm">
            Each message can also reach the other person as a notification, an e-mail or a text message:
            choose at least one. Pictures, PDF and office documents and mp3 audio can be attached; only the
            two of you can open them.
          </Text>
          <Text size="sm">
            New messages arrive without reloading the page; the bell counts those you have not read.
          </Text>
        </Stack>
      </Modal>
    </>
  );
}

/**
 * /messageroom/{notificationid?}/{userid?}/{type?}/{donorid?}: the chat lists of the caller's role
 * and one chat box at a time. A {userid} opens the chat with that person.
 */
export default function MessageRoomPage() {
  const { user } = useSession();
  const params = useParams();
  const queryClient = useQueryClient();
  const width = useWindowWidth();
  const [chat, setChat] = useState<ChatInfo | null>(null);
  const [state, setState] = useState<BoxState>('normal');

  const open = async (userId: number) => {
    const problem = openBoxProblem(chat?.other.userId ?? null, userId);
    if (problem) {
      notify('warning', problem);
      return;
    }
    if (chat?.other.userId === userId) {
      setState('normal');
      return;
    }
    try {
      setChat(await openChatWith(userId));
      setState('normal');
      void queryClient.invalidateQueries({
        queryKey: chatKeys.all,
        predicate: (q) => q.queryKey[1] === 'list',
      });
    } catch (error) {
      reportApiError(error);
    }
  };

  const linked = Number(params.userid);
  // biome-ignore lint/correctness/useExhaustiveDependencies: open once per linked person
  useEffect(() => {
    if (Number.isInteger(linked) && linked > 0) void open(linked);
  }, [linked]);

  // New messages change the unread counts of the lists.
  const refreshLists = () =>
    void queryClient.invalidateQueries({
      queryKey: chatKeys.all,
      predicate: (q) => q.queryKey[1] === 'list',
    });
  useRealtimeEvent('chat:message', refreshLists);
  useRealtimeReconnect(refreshLists);

  if (!user) return null;
  return (
    <Stack pb={360}>
      <Group justify="space-between">
        <Title order={1} fz="h2">
          {PAGES.messageroom.title}
        </Title>
        <MessageCenterInfo />
      </Group>
      {/* The lists keep to three quarters of the window's height (spec: 70-80%). */}
      <ScrollArea.Autosize mah="75vh" type="auto">
        <Stack>
          {listsOf(user.role).map((def) => (
            <ListSection key={def.key} def={def} onOpen={(c) => void open(c.userId)} />
          ))}
          {user.role === ROLE.MANAGER && <PartnerIps user={user} onOpen={(c) => void open(c.userId)} />}
        </Stack>
      </ScrollArea.Autosize>
      {chat && (
        <ChatBox
          key={chat.chatId}
          chat={chat}
          user={user}
          state={state}
          windowWidth={width}
          onState={setState}
          onClose={() => setChat(null)}
        />
      )}
    </Stack>
  );
}
