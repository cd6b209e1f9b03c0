import {
  CHAT_MSG,
  type ChatContact,
  type ChatInfo,
  type ChatMessage,
  type ChatMessagePage,
} from '@dm/shared';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ok, renderPage, type StubRequest, sessionUser } from '../../test/render';
import { boxSize, groupInSixes, listsOf, mergeMessages, openBoxProblem } from './chat-logic';
import MessageRoomPage from './MessageRoomPage';

const notify = vi.hoisted(() => vi.fn());
vi.mock('../../lib/notify', () => ({ notify }));

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

  it('merges loaded pages and pushed messages oldest first, each once', () => {
    const pages = [
      [message(3), message(4)],
      [message(1), message(2)],
    ];
    expect(mergeMessages(pages, [message(4), message(5)]).map((m) => m.id)).toEqual([1, 2, 3, 4, 5]);
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
    savemessagetodb: (r: StubRequest) =>
      ok(message(2, { message: (r.body as { message: string }).message, senderId: 10 })),
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
