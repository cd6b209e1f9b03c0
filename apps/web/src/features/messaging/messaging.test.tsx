import {
  CHAT_MSG,
  type ChatContact,
  type ChatInfo,
  type ChatMessage,
  type ChatMessagePage,
} from '@dm/shared';
import type { InfiniteData } from '@tanstack/react-query';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ok, renderPage, type StubReply, type StubRequest, sessionUser } from '../../test/render';
import {
  boxSize,
  groupInSixes,
  listChange,
  listsOf,
  mergeMessages,
  openBoxProblem,
  readingPlace,
  scrollTopAfter,
  withMessage,
} from './chat-logic';
import MessageRoomPage from './MessageRoomPage';
import { chatKeys, useLiveChatMessages } from './queries';

const notify = vi.hoisted(() => vi.fn());
vi.mock('../../lib/notify', () => ({ notify }));

// The socket is replaced: the test delivers the server's pushes itself, to the handlers mounted
// at that moment (as the real client does).
const live = vi.hoisted(() => ({ handlers: new Map<string, Set<(data: unknown) => void>>() }));
vi.mock('../../lib/realtime', async (importOriginal) => {
  const { useEffect, useRef } = await import('react');
  function useHandler(name: string, handler: (data: unknown) => void) {
    const latest = useRef(handler);
    latest.current = handler;
    useEffect(() => {
      const set = live.handlers.get(name) ?? new Set();
      live.handlers.set(name, set);
      const call = (data: unknown) => latest.current(data);
      set.add(call);
      return () => void set.delete(call);
    }, [name]);
  }
  return {
    ...(await importOriginal<typeof import('../../lib/realtime')>()),
    useRealtimeEvent: useHandler,
    useRealtimeReconnect: (handler: () => void) => useHandler('reconnect', handler),
    usePresence: () => new Set<number>(),
  };
});
beforeEach(() => live.handlers.clear());
const push = (name: string, data?: unknown) =>
  act(() => {
    for (const handler of live.handlers.get(name) ?? []) handler(data);
  });

const message = (id: number, over: Partial<ChatMessage> = {}): ChatMessage => ({
  id,
  clientMessageId: null,
  chatId: 7,
  senderId: 10,
  receiverId: 20,
  message: `m${id}`,
  attachment: null,
  sentAt: '2026-11-25T10:00:00.000Z',
  readAt: null,
  ...over,
});

describe('chat logic', () => {
  it('sizes the box 310x300, minimized 32 high, maximized 500x550 only above 515 wide', () => {
    expect(boxSize('normal', 1200)).toEqual({ width: 310, height: 300 });
    expect(boxSize('minimized', 1200)).toEqual({ width: 310, height: 32 });
    expect(boxSize('maximized', 516)).toEqual({ width: 500, height: 550 });
    expect(boxSize('maximized', 515)).toEqual({ width: 310, height: 300 });
  });

  it('groups lists in sixes', () => {
    expect(groupInSixes([1, 2, 3, 4, 5, 6, 7, 8]).map((g) => g.length)).toEqual([6, 2]);
    expect(groupInSixes([])).toEqual([]);
  });

  it('allows one chat box at a time', () => {
    expect(openBoxProblem(null, 5)).toBeNull();
    expect(openBoxProblem(5, 5)).toBeNull();
    expect(openBoxProblem(5, 6)).toBe(CHAT_MSG.ONE_BOX);
  });

  it('merges loaded pages oldest first, each once (an older page may repeat what arrived live)', () => {
    const pages = [
      [message(3), message(4), message(5)],
      [message(1), message(2), message(3)],
    ];
    expect(mergeMessages(pages).map((m) => m.id)).toEqual([1, 2, 3, 4, 5]);
  });

  it('puts a pushed or sent message on the newest cached page, once, in id order', () => {
    const page = (pageNo: number, ids: number[]): ChatMessagePage => ({
      chatId: 7,
      pageNo,
      messages: ids.map((id) => message(id)),
      hasMore: pageNo === 1,
    });
    const data: InfiniteData<ChatMessagePage, number> = {
      pages: [page(1, [3, 4]), page(2, [1, 2])],
      pageParams: [1, 2],
    };
    const added = withMessage(data, message(6))!;
    expect(added.pages.map((p) => p.messages.map((m) => m.id))).toEqual([
      [3, 4, 6],
      [1, 2],
    ]);
    expect(added.pageParams).toEqual([1, 2]);
    // A push that overtook the sender's own answer (or came twice) is not put in again.
    expect(withMessage(added, message(6))).toBe(added);
    expect(withMessage(data, message(2))).toBe(data);
    // Out of order: kept in id order.
    expect(withMessage(added, message(5))!.pages[0]!.messages.map((m) => m.id)).toEqual([3, 4, 5, 6]);
    // A chat never opened has nothing cached: its first open fetches it.
    expect(withMessage(undefined, message(6))).toBeUndefined();
  });

  it('tells what changed in the list: older above, newer below, the person’s own', () => {
    const list = (...ids: number[]) => ids.map((id) => message(id, { senderId: id === 9 ? 10 : 20 }));
    expect(listChange(null, [], 10)).toBeNull();
    expect(listChange(null, list(3, 4), 10)).toBe('newer');
    expect(listChange({ first: 3, last: 4 }, list(3, 4), 10)).toBeNull();
    expect(listChange({ first: 3, last: 4 }, list(3, 4, 5), 10)).toBe('newer');
    expect(listChange({ first: 3, last: 4 }, list(3, 4, 9), 10)).toBe('mine');
    expect(listChange({ first: 3, last: 4 }, list(1, 2, 3, 4), 10)).toBe('older');
  });

  it('follows the newest message unless the person scrolled up; older messages keep the place', () => {
    const atEnd = readingPlace({ scrollTop: 400, scrollHeight: 600, clientHeight: 200 });
    const reading = readingPlace({ scrollTop: 100, scrollHeight: 600, clientHeight: 200 });
    expect(atEnd.following).toBe(true);
    expect(reading).toEqual({ following: false, fromBottom: 500 });
    const grown = { scrollTop: 100, scrollHeight: 700, clientHeight: 200 };
    expect(scrollTopAfter('newer', atEnd, grown)).toBe(500);
    expect(scrollTopAfter('resize', atEnd, grown)).toBe(500);
    expect(scrollTopAfter('newer', reading, grown)).toBeNull();
    expect(scrollTopAfter('mine', reading, grown)).toBe(500);
    // 300 px of older messages above: the same message stays under the reader's eyes.
    expect(scrollTopAfter('older', reading, { scrollTop: 100, scrollHeight: 900, clientHeight: 200 })).toBe(
      400,
    );
    // A list shorter than its box has nowhere to scroll.
    expect(scrollTopAfter('newer', atEnd, { scrollTop: 0, scrollHeight: 150, clientHeight: 200 })).toBe(0);
  });

  it("shows each role's lists", () => {
    expect(listsOf(9).map((l) => l.call)).toEqual([
      'getclientmanager',
      'getagencycasemanagerlistclient',
      'getselectedadminforchatlist',
    ]);
    expect(listsOf(7).map((l) => l.type)).toEqual([6, 9, 7]);
  });
});

const contact = (userId: number, name: string): ChatContact => ({
  userId,
  name,
  role: 6,
  centerId: 1,
  centerName: 'Test Agency',
  chatId: null,
  unread: 0,
});
const info = (userId: number, name: string): ChatInfo => ({
  chatId: userId + 100,
  other: { userId, name, role: 6, centerName: 'Test Agency' },
  disabled: false,
});

function roomApi(disabled = false) {
  return {
    me: ok(sessionUser()),
    getclientmanager: ok([contact(20, 'Casey Manager')]),
    getagencycasemanagerlistclient: ok([contact(21, 'Other Manager')]),
    getselectedadminforchatlist: ok([]),
    'getchatdata/20': ok(info(20, 'Casey Manager')),
    'getchatdata/21': ok(info(21, 'Other Manager')),
    getdisablechatflag: ok({ disableChat: disabled }),
    getchatmessage: (r: StubRequest) =>
      ok<ChatMessagePage>({
        chatId: (r.body as { chatId: number }).chatId,
        pageNo: (r.body as { pageNo: number }).pageNo,
        messages: [message(1, { senderId: 20, receiverId: 10, message: 'Hello Pat' })],
        hasMore: false,
      }),
    savemessagetodb: (r: StubRequest) => {
      const body = r.body as { chatId: number; message: string };
      return ok(message(2, { chatId: body.chatId, message: body.message, senderId: 10 }));
    },
  };
}

describe('MessageRoomPage', () => {
  it('opens a chat from the lists, shows its history and sends with the chosen channels', async () => {
    const { requests } = renderPage(<MessageRoomPage />, { api: roomApi() });
    fireEvent.click(await screen.findByRole('button', { name: /^Chat with Casey Manager/ }));
    expect(await screen.findByText('Hello Pat')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText(CHAT_MSG.BLANK)).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Message'), { target: { value: 'Hi Casey' } });
    fireEvent.click(screen.getByLabelText('Notification'));
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText(CHAT_MSG.SELECT_OPTION)).toBeTruthy();
    fireEvent.click(screen.getByLabelText('Email'));
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Hi Casey')).toBeTruthy();
    const sent = requests.find((r) => r.name === 'savemessagetodb')!;
    expect(sent.body).toMatchObject({
      chatId: 120,
      message: 'Hi Casey',
      notification: false,
      email: true,
      text: false,
    });
    expect((sent.body as { clientMessageId: string }).clientMessageId.length).toBeGreaterThanOrEqual(8);
  });

  it('keeps one chat box at a time', async () => {
    renderPage(<MessageRoomPage />, { api: roomApi() });
    fireEvent.click(await screen.findByRole('button', { name: /^Chat with Casey Manager/ }));
    await screen.findByRole('region', { name: 'Casey Manager' });
    fireEvent.click(screen.getByRole('button', { name: /^Chat with Other Manager/ }));
    await waitFor(() => expect(notify).toHaveBeenCalledWith('warning', CHAT_MSG.ONE_BOX));
    fireEvent.click(screen.getByRole('button', { name: 'Close chat' }));
    fireEvent.click(screen.getByRole('button', { name: /^Chat with Other Manager/ }));
    expect(await screen.findByRole('region', { name: 'Other Manager' })).toBeTruthy();
  });

  it('shows the Premium upgrade text instead of the form when messaging is disabled', async () => {
    renderPage(<MessageRoomPage />, { api: roomApi(true) });
    fireEvent.click(await screen.findByRole('button', { name: /^Chat with Casey Manager/ }));
    expect(await screen.findByText(CHAT_MSG.PREMIUM_UPGRADE)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Send' })).toBeNull();
  });
});

/** The message room with the app's live chat cache (the layout mounts it on every page). */
function LiveRoom() {
  useLiveChatMessages();
  return <MessageRoomPage />;
}

const fromCasey = (id: number, text: string) =>
  message(id, { chatId: 120, senderId: 20, receiverId: 10, message: text });

/**
 * The chat's history as the server first answers it; every later ask is held unanswered, so what a
 * reopened box shows is what the cache kept.
 */
function firstAnswerOnly(history: ChatMessage[]) {
  let asks = 0;
  const route = (r: StubRequest): StubReply | Promise<StubReply> =>
    ++asks === 1
      ? ok<ChatMessagePage>({
          chatId: 120,
          pageNo: (r.body as { pageNo: number }).pageNo,
          messages: history,
          hasMore: false,
        })
      : new Promise<StubReply>(() => {});
  return { route, asks: () => asks };
}

async function reopen() {
  fireEvent.click(screen.getByRole('button', { name: 'Close chat' }));
  await waitFor(() => expect(screen.queryByRole('log')).toBeNull());
  fireEvent.click(screen.getByRole('button', { name: /^Chat with Casey Manager/ }));
  return screen.findByRole('log', { name: 'Messages with Casey Manager' });
}

describe('a chat keeps what arrived and what was sent', () => {
  it('shows a pushed message again at once when the box is closed and opened again', async () => {
    const history = firstAnswerOnly([fromCasey(1, 'Hello Pat')]);
    const { queryClient } = renderPage(<LiveRoom />, {
      api: { ...roomApi(), getchatmessage: history.route },
    });
    fireEvent.click(await screen.findByRole('button', { name: /^Chat with Casey Manager/ }));
    expect(await screen.findByText('Hello Pat')).toBeTruthy();
    push('chat:message', { chatId: 120, message: fromCasey(3, 'Are you there?') });
    expect(await screen.findByText('Are you there?')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Close chat' }));
    await waitFor(() => expect(screen.queryByRole('log')).toBeNull());
    // Pushed while no box of this chat is open (the person may be on another page).
    push('chat:message', { chatId: 120, message: fromCasey(4, 'Call me tomorrow') });
    // Another chat's message is not this chat's.
    push('chat:message', { chatId: 121, message: message(5, { chatId: 121, message: 'Elsewhere' }) });
    fireEvent.click(screen.getByRole('button', { name: /^Chat with Casey Manager/ }));
    const log = await screen.findByRole('log', { name: 'Messages with Casey Manager' });
    expect(within(log).getByText('Are you there?')).toBeTruthy();
    expect(within(log).getByText('Call me tomorrow')).toBeTruthy();
    expect(within(log).queryByText('Elsewhere')).toBeNull();
    expect(history.asks()).toBe(2);
    const cached = queryClient.getQueryData<InfiniteData<ChatMessagePage>>(chatKeys.messages(120));
    expect(cached?.pages[0]?.messages.map((m) => m.id)).toEqual([1, 3, 4]);
  });

  it('keeps a message pushed while the chat is being fetched again by an answer read before it', async () => {
    let asks = 0;
    let answerLate: (reply: StubReply) => void = () => {};
    const stored = (pageNo: number) =>
      ok<ChatMessagePage>({ chatId: 120, pageNo, messages: [fromCasey(1, 'Hello Pat')], hasMore: false });
    const { queryClient } = renderPage(<LiveRoom />, {
      api: {
        ...roomApi(),
        getchatmessage: (r) =>
          ++asks === 1
            ? stored((r.body as { pageNo: number }).pageNo)
            : new Promise<StubReply>((resolve) => {
                answerLate = resolve;
              }),
      },
    });
    fireEvent.click(await screen.findByRole('button', { name: /^Chat with Casey Manager/ }));
    await screen.findByText('Hello Pat');
    // Reopened: the chat is fetched again, and a message is stored and pushed meanwhile.
    await reopen();
    await waitFor(() => expect(asks).toBe(2));
    push('chat:message', { chatId: 120, message: fromCasey(3, 'Are you there?') });
    expect(await screen.findByText('Are you there?')).toBeTruthy();
    // The server read the chat before the message was stored.
    await act(async () => answerLate(stored(1)));
    await waitFor(() => expect(queryClient.isFetching({ queryKey: chatKeys.messages(120) })).toBe(0));
    const cached = queryClient.getQueryData<InfiniteData<ChatMessagePage>>(chatKeys.messages(120));
    expect(cached?.pages[0]?.messages.map((m) => m.id)).toEqual([1, 3]);
    expect(screen.getByText('Are you there?')).toBeTruthy();
  });

  it('keeps the person’s own text and image messages after the box is opened again', async () => {
    const history = firstAnswerOnly([fromCasey(1, 'Hello Pat')]);
    renderPage(<LiveRoom />, {
      api: {
        ...roomApi(),
        getchatmessage: history.route,
        uploadmessageimage: ok(
          message(6, {
            chatId: 120,
            message: '',
            attachment: {
              id: 1,
              kind: 'image',
              name: 'clinic.png',
              size: 68,
              mime: 'image/png',
              url: '/api/chatfile/1',
            },
          }),
        ),
      },
    });
    fireEvent.click(await screen.findByRole('button', { name: /^Chat with Casey Manager/ }));
    await screen.findByText('Hello Pat');
    fireEvent.change(screen.getByLabelText('Message'), { target: { value: 'Hi Casey' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Hi Casey')).toBeTruthy();
    const file = document.querySelector<HTMLInputElement>('input[type="file"][accept^="image/"]')!;
    fireEvent.change(file, { target: { files: [new File(['png'], 'clinic.png', { type: 'image/png' })] } });
    expect(await screen.findByRole('img', { name: 'Image clinic.png' })).toBeTruthy();

    const log = await reopen();
    expect(within(log).getByText('Hi Casey')).toBeTruthy();
    expect(within(log).getByRole('img', { name: 'Image clinic.png' })).toBeTruthy();
  });

  it('opens at the newest message, follows new ones, and stays where the person scrolled up to', async () => {
    // happy-dom lays nothing out: each message is 50 px high in a list 100 px high.
    const isList = (e: Element) => e.classList.contains('mantine-ScrollArea-viewport');
    const height = (e: Element) => e.querySelectorAll('[data-testid="chat-message"]').length * 50;
    vi.spyOn(Element.prototype, 'scrollHeight', 'get').mockImplementation(function (this: Element) {
      return isList(this) ? height(this) : 0;
    });
    vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockImplementation(function (this: Element) {
      return isList(this) ? 100 : 0;
    });
    const page = (pageNo: number, ids: number[]): StubReply =>
      ok<ChatMessagePage>({
        chatId: 120,
        pageNo,
        messages: ids.map((id) => fromCasey(id, `Message ${id}`)),
        hasMore: pageNo === 1,
      });
    renderPage(<LiveRoom />, {
      api: {
        ...roomApi(),
        getchatmessage: (r) =>
          (r.body as { pageNo: number }).pageNo === 1
            ? page(1, [11, 12, 13, 14, 15, 16])
            : page(2, [8, 9, 10]),
      },
    });
    fireEvent.click(await screen.findByRole('button', { name: /^Chat with Casey Manager/ }));
    await screen.findByText('Message 16');
    const list = screen.getByRole('log').closest('.mantine-ScrollArea-viewport') as HTMLElement;
    expect(list.scrollTop).toBe(200);

    push('chat:message', { chatId: 120, message: fromCasey(17, 'Message 17') });
    await screen.findByText('Message 17');
    expect(list.scrollTop).toBe(250);

    // Scrolled up to read: a new message does not pull the list down.
    list.scrollTop = 50;
    fireEvent.scroll(list);
    push('chat:message', { chatId: 120, message: fromCasey(18, 'Message 18') });
    await screen.findByText('Message 18');
    expect(list.scrollTop).toBe(50);

    // Older messages (150 px) above: the message that was read stays in view where it was.
    fireEvent.click(screen.getByRole('button', { name: 'Load older messages' }));
    await screen.findByText('Message 8');
    expect(list.scrollTop).toBe(200);
  });
});
