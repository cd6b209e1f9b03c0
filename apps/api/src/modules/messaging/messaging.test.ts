import {
  CHAT_MESSAGE_COUNT,
  CHAT_MSG,
  type ChatContact,
  type ChatInfo,
  type ChatMessage,
  type ChatMessagePage,
  type MessageHistory,
  MSG,
} from '@dm/shared';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, chatMessages, users } from '../../db/schema/index.js';
import { body, startTestApp, type TestApp } from '../../test/harness.js';
import { chatPartnerIds } from './messaging.service.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const MANAGER = 'manager@demo.test'; // center 1, case manager of PARENT
const PARENT = 'parent@demo.test';
const ADMIN = 'admin@demo.test';
const DONOR = 'donor@demo.test';
const MASTER = 'master@demo.test';
const ADMIN85 = 'admin85@demo.test';
const MANAGER85 = 'manager85@demo.test';
const PARENT85 = 'parent85@demo.test';
const PARENT111 = 'parent111@demo.test'; // Pre-Active, consumer center
const MANAGER111 = 'manager111@demo.test'; // the consumer center's default case manager (support)

const post = (url: string, payload: Record<string, unknown>, as?: string) =>
  t.request({ method: 'POST', url: `/api/${url}`, payload, as });
const get = (url: string, as?: string) => t.request({ method: 'GET', url: `/api/${url}`, as });
const idOf = async (username: string) =>
  (await t.db.select({ id: users.id }).from(users).where(eq(users.username, username)))[0]!.id;
const openChat = async (as: string, other: string) => {
  const res = await post('create', { another_user: await idOf(other) }, as);
  expect(res.statusCode, res.body).toBe(200);
  return body<{ chatId: number }>(res).data.chatId;
};
let seq = 0;
const send = (as: string, chatId: number, over: Record<string, unknown> = {}) =>
  post('savemessagetodb', { chatId, message: `hello ${++seq}`, notification: true, ...over }, as);
const expectMessage = (res: { statusCode: number; body: string }, status: number, message: string) => {
  expect(res.statusCode, res.body).toBe(status);
  expect(JSON.parse(res.body).message).toBe(message);
};

describe('access', () => {
  const routes: [string, string, Record<string, unknown> | undefined][] = [
    ['POST', 'create', { another_user: 1 }],
    ['GET', 'chat/1', undefined],
    ['POST', 'getchatmessage', { chatId: 1, pageNo: 1 }],
    ['POST', 'savemessagetodb', { chatId: 1, message: 'x' }],
    ['POST', 'sendemailtousers', { chatId: 1, messageId: 1 }],
    ['POST', 'sendtextmessagetousers', { chatId: 1, messageId: 1 }],
    ['GET', 'getdisablechatflag', undefined],
    ['POST', 'setdisablechat', { disable_chat: true }],
    ['GET', 'getchatdata/1', undefined],
    ['GET', 'getclientchatlist', undefined],
    ['GET', 'getpartnercmchatlist', undefined],
    ['GET', 'getagencycasemanagerlistmanager', undefined],
    ['GET', 'getdonorchatlist', undefined],
    ['GET', 'getclientmanager', undefined],
    ['GET', 'getagencycasemanagerlistclient', undefined],
    ['GET', 'getusersbytypeforchatlist?type=6', undefined],
    ['GET', 'getselectedadminforchatlist', undefined],
    ['POST', 'getpartneragencyiplist', { ip_center: 85 }],
    ['GET', 'messagehistory/1', undefined],
    ['GET', 'chatfile/1', undefined],
  ];
  it.each(routes)('%s %s: anonymous 401', async (method, url, payload) => {
    expectMessage(
      await t.request({ method: method as 'GET', url: `/api/${url}`, payload }),
      401,
      MSG.NO_TOKEN,
    );
  });
});

describe('POST create and GET chat/{chatId}', () => {
  it('opens one chat per pair whoever opens it, and shows who it is with', async () => {
    const chatId = await openChat(MANAGER, PARENT);
    expect(await openChat(PARENT, MANAGER)).toBe(chatId);
    expect(await openChat(MANAGER, PARENT)).toBe(chatId);
    const res = await get(`chat/${chatId}`, PARENT);
    expect(res.statusCode, res.body).toBe(200);
    expect(body<ChatInfo>(res).data).toMatchObject({
      chatId,
      other: { userId: await idOf(MANAGER), name: 'Casey Manager' },
      disabled: false,
    });
  });

  it('answers 404 for someone outside the caller’s lists, 400 for a bad id', async () => {
    // A donor may not start a chat with a case manager she is not assigned to; clients not with other clients.
    expectMessage(
      await post('create', { another_user: await idOf(MANAGER) }, DONOR),
      404,
      CHAT_MSG.USER_NOT_FOUND,
    );
    expect((await post('create', { another_user: await idOf(PARENT) }, PARENT85)).statusCode).toBe(404);
    expect((await post('create', { another_user: 999999 }, MANAGER)).statusCode).toBe(404);
    expect((await post('create', { another_user: 'x' }, MANAGER)).statusCode).toBe(400);
  });

  it("answers 404 for another person's chat", async () => {
    const chatId = await openChat(MANAGER, PARENT);
    expect((await get(`chat/${chatId}`, ADMIN85)).statusCode).toBe(404);
    expect((await get(`chat/${chatId}`, ADMIN)).statusCode).toBe(404);
    expect((await get('chat/abc', MANAGER)).statusCode).toBe(400);
  });

  it('GET getchatdata/{id} opens the chat with that user, 404 for someone off the lists', async () => {
    const res = await get(`getchatdata/${await idOf(MANAGER)}`, PARENT);
    expect(res.statusCode, res.body).toBe(200);
    expect(body<ChatInfo>(res).data.chatId).toBe(await openChat(MANAGER, PARENT));
    expect((await get(`getchatdata/${await idOf(PARENT85)}`, PARENT)).statusCode).toBe(404);
  });
});

describe('POST savemessagetodb', () => {
  it('refuses a blank message and a message with no channel, with the spec’s words, and pushes nothing', async () => {
    const chatId = await openChat(MANAGER, PARENT);
    const before = t.emitted.length;
    expectMessage(await send(MANAGER, chatId, { message: '   ' }), 400, CHAT_MSG.BLANK);
    expectMessage(
      await send(MANAGER, chatId, { notification: false, email: false, text: false }),
      400,
      CHAT_MSG.SELECT_OPTION,
    );
    expect(t.emitted.length).toBe(before);
  });

  it('stores the message before answering and pushes it to both people after commit', async () => {
    const chatId = await openChat(MANAGER, PARENT);
    const res = await send(MANAGER, chatId, {
      message: 'Your portfolio is ready',
      clientMessageId: 'client-0001',
    });
    expect(res.statusCode, res.body).toBe(200);
    const message = body<ChatMessage>(res).data;
    const [row] = await t.db.select().from(chatMessages).where(eq(chatMessages.id, message.id));
    expect(row).toMatchObject({ text: 'Your portfolio is ready', senderId: await idOf(MANAGER) });
    const event = t.emitted.filter((e) => e.event === 'chat:message').at(-1)!;
    expect(event.userIds.sort()).toEqual([await idOf(MANAGER), await idOf(PARENT)].sort());
    expect(event.data).toMatchObject({ chatId, message: { id: message.id, clientMessageId: 'client-0001' } });
    // The recipient's bell: a notification row and its unread count pushed after commit.
    expect(t.emitted.at(-1)).toMatchObject({ event: 'notification', userIds: [await idOf(PARENT)] });
  });

  it('stores a retried clientMessageId once and answers the first message', async () => {
    const chatId = await openChat(PARENT, MANAGER);
    const first = body<ChatMessage>(await send(PARENT, chatId, { clientMessageId: 'retry-abcdef' })).data;
    const pushed = t.emitted.length;
    const again = await send(PARENT, chatId, { clientMessageId: 'retry-abcdef', message: 'other text' });
    expect(again.statusCode, again.body).toBe(200);
    expect(body<ChatMessage>(again).data.id).toBe(first.id);
    const rows = await t.db
      .select()
      .from(chatMessages)
      .where(
        and(eq(chatMessages.senderId, await idOf(PARENT)), eq(chatMessages.clientMessageId, 'retry-abcdef')),
      );
    expect(rows).toHaveLength(1);
    expect(t.emitted.length).toBe(pushed);
  });

  it("answers 404 for another person's chat and stores nothing", async () => {
    const chatId = await openChat(MANAGER, PARENT);
    const count = (await t.db.select().from(chatMessages).where(eq(chatMessages.chatId, chatId))).length;
    expect((await send(ADMIN85, chatId)).statusCode).toBe(404);
    expect((await send(MANAGER85, chatId)).statusCode).toBe(404);
    expect((await t.db.select().from(chatMessages).where(eq(chatMessages.chatId, chatId))).length).toBe(
      count,
    );
  });

  it('queues an e-mail to the other person when e-mail is chosen', async () => {
    const chatId = await openChat(MANAGER, PARENT);
    const res = await send(MANAGER, chatId, { message: 'Please call me', email: true });
    expect(res.statusCode, res.body).toBe(200);
    const mail = (await t.outbox(PARENT)).at(-1)!;
    expect(mail.subject).toBe('New message from Casey Manager');
    expect(mail.html).toContain('Please call me');
  });
});

describe('POST getchatmessage', () => {
  it('pages a chat newest page first, chatMessageCount a page, oldest first within a page', async () => {
    const chatId = await openChat(ADMIN, MANAGER);
    for (let i = 1; i <= 25; i++) {
      expect((await send(i % 2 ? ADMIN : MANAGER, chatId, { message: `m${i}` })).statusCode).toBe(200);
    }
    const page = async (pageNo: number) => {
      const res = await post('getchatmessage', { chatId, pageNo }, MANAGER);
      expect(res.statusCode, res.body).toBe(200);
      return body<ChatMessagePage>(res).data;
    };
    const one = await page(1);
    expect(one.messages.map((m) => m.message)).toEqual(Array.from({ length: 10 }, (_, i) => `m${16 + i}`));
    expect(one.hasMore).toBe(true);
    expect(CHAT_MESSAGE_COUNT).toBe(10);
    expect((await page(2)).messages[0]!.message).toBe('m6');
    const three = await page(3);
    expect(three.messages.map((m) => m.message)).toEqual(['m1', 'm2', 'm3', 'm4', 'm5']);
    expect(three.hasMore).toBe(false);
    // Reading page 1 marked the manager's messages read.
    const unread = (
      await t.db
        .select()
        .from(chatMessages)
        .where(eq(chatMessages.receiverId, await idOf(MANAGER)))
    ).filter((m) => m.chatId === chatId && m.readAt === null);
    expect(unread).toHaveLength(0);
  });

  it("answers 404 for another person's chat and 400 for a bad page", async () => {
    const chatId = await openChat(ADMIN, MANAGER);
    expect((await post('getchatmessage', { chatId, pageNo: 1 }, PARENT)).statusCode).toBe(404);
    expect((await post('getchatmessage', { chatId, pageNo: 0 }, ADMIN)).statusCode).toBe(400);
  });
});

describe('POST sendemailtousers and sendtextmessagetousers', () => {
  it('e-mail a message the caller sent; texts need the recipient’s number; others 404', async () => {
    const chatId = await openChat(MANAGER, PARENT);
    const sent = body<ChatMessage>(await send(MANAGER, chatId, { message: 'Mail me too' })).data;
    const mails = (await t.outbox(PARENT)).length;
    const res = await post('sendemailtousers', { chatId, messageId: sent.id }, MANAGER);
    expectMessage(res, 200, CHAT_MSG.EMAIL_SENT);
    expect((await t.outbox(PARENT)).length).toBe(mails + 1);
    // Only the sender sends it on; another person's chat is 404.
    expect((await post('sendemailtousers', { chatId, messageId: sent.id }, PARENT)).statusCode).toBe(404);
    expect((await post('sendemailtousers', { chatId, messageId: sent.id }, ADMIN85)).statusCode).toBe(404);
    expectMessage(
      await post('sendtextmessagetousers', { chatId, messageId: sent.id }, MANAGER),
      400,
      CHAT_MSG.NO_CONTACT,
    );
    await t.db.update(users).set({ contactNo: '555 010 2000' }).where(eq(users.username, PARENT));
    expectMessage(
      await post('sendtextmessagetousers', { chatId, messageId: sent.id }, MANAGER),
      200,
      CHAT_MSG.TEXT_SENT,
    );
    expect(
      (await post('sendtextmessagetousers', { chatId: 'x', messageId: sent.id }, MANAGER)).statusCode,
    ).toBe(400);
  });
});

describe('disable chat', () => {
  it('a Pre-Active consumer client who writes to support first has further messaging disabled', async () => {
    const chatId = await openChat(PARENT111, MANAGER111);
    expect(body<{ disableChat: boolean }>(await get('getdisablechatflag', PARENT111)).data.disableChat).toBe(
      false,
    );
    expect((await send(PARENT111, chatId, { message: 'Can you help me choose?' })).statusCode).toBe(200);
    expect(body<{ disableChat: boolean }>(await get('getdisablechatflag', PARENT111)).data.disableChat).toBe(
      true,
    );
    const pushed = t.emitted.length;
    expectMessage(await send(PARENT111, chatId), 403, CHAT_MSG.DISABLED);
    // Refused inside the transaction: nothing stored is announced.
    expect(t.emitted.length).toBe(pushed);
    expectMessage(await post('setdisablechat', { disable_chat: false }, PARENT111), 403, CHAT_MSG.DISABLED);
    // Support can still answer.
    expect((await send(MANAGER111, chatId)).statusCode).toBe(200);
  });

  it('anyone may switch their own sending off and on again', async () => {
    expect(
      body<{ disableChat: boolean }>(await post('setdisablechat', { disable_chat: true }, ADMIN85)).data,
    ).toEqual({
      disableChat: true,
    });
    expect(
      body<{ disableChat: boolean }>(await post('setdisablechat', { disable_chat: false }, ADMIN85)).data,
    ).toEqual({
      disableChat: false,
    });
    expect((await post('setdisablechat', { disable_chat: 'yes' }, ADMIN85)).statusCode).toBe(400);
  });
});

describe('chat lists, one test per role (a list another role is shown holds nobody)', () => {
  const names = async (url: string, as: string, payload?: Record<string, unknown>) => {
    const res = payload ? await post(url, payload, as) : await get(url, as);
    expect(res.statusCode, res.body).toBe(200);
    return body<ChatContact[]>(res).data;
  };
  const usernames = async (list: ChatContact[]) =>
    (await t.db.select({ id: users.id, username: users.username }).from(users))
      .filter((u) => list.some((c) => c.userId === u.id))
      .map((u) => u.username)
      .sort();

  it('client: case manager, agency case managers (multi-agency), admins; lists of other roles empty', async () => {
    expect(await usernames(await names('getclientmanager', PARENT))).toEqual([MANAGER]);
    // Center 1 sees no other center's donors: no multi-agency access, no agency list.
    expect(await names('getagencycasemanagerlistclient', PARENT)).toEqual([]);
    // Center 85 sees center 1's donors: its clients see center 1's case managers too.
    expect(await usernames(await names('getclientmanager', PARENT85))).toEqual([MANAGER85]);
    expect(await usernames(await names('getagencycasemanagerlistclient', PARENT85))).toEqual([MANAGER]);
    expect(await usernames(await names('getselectedadminforchatlist', PARENT))).toEqual([ADMIN]);
    // The consumer center's Pre-Active member has support (its default case manager).
    expect(await usernames(await names('getclientmanager', PARENT111))).toEqual([MANAGER111]);
    // Every role has the message room (the page table decides 403s): another role's list holds nobody.
    for (const url of [
      'getclientchatlist',
      'getpartnercmchatlist',
      'getdonorchatlist',
      'getusersbytypeforchatlist?type=6',
    ]) {
      expect(await names(url, PARENT)).toEqual([]);
    }
    expect(await names('getpartneragencyiplist', PARENT85, { ip_center: 1 })).toEqual([]);
    expect(await openChat(PARENT85, MANAGER)).toBeGreaterThan(0);
  });

  it('manager: clients, partner case managers, agency managers, partner IPs, admins', async () => {
    const clients = await names('getclientchatlist', MANAGER);
    expect(await usernames(clients)).toEqual([PARENT]);
    expect(clients[0]!.chatId).toBe(await openChat(MANAGER, PARENT));
    expect(await usernames(await names('getagencycasemanagerlistmanager', MANAGER))).toEqual([]);
    expect(await usernames(await names('getselectedadminforchatlist', MANAGER))).toEqual([ADMIN]);
    // Partners are the centers whose donors the manager's center sees: center 85 sees center 1's.
    expect(await names('getpartnercmchatlist', MANAGER)).toEqual([]);
    expect(await usernames(await names('getpartnercmchatlist', MANAGER85))).toEqual([MANAGER]);
    expect(await usernames(await names('getpartneragencyiplist', MANAGER85, { ip_center: 1 }))).toEqual([
      PARENT,
    ]);
    // Not a partner: 404 (center 1 does not see center 85's donors; 85 does not see 46's).
    expect((await post('getpartneragencyiplist', { ip_center: 85 }, MANAGER)).statusCode).toBe(404);
    expect((await post('getpartneragencyiplist', { ip_center: 46 }, MANAGER85)).statusCode).toBe(404);
    expect((await post('getpartneragencyiplist', { ip_center: 'x' }, MANAGER)).statusCode).toBe(400);
    expect(await names('getclientmanager', MANAGER)).toEqual([]);
    // Everyone listed can be chatted with; the other side of a partner is not (until a chat exists).
    expect(await openChat(MANAGER85, PARENT)).toBeGreaterThan(0);
    expect(await openChat(MANAGER85, MANAGER)).toBe(await openChat(MANAGER, MANAGER85));
    expect(
      (await post('create', { another_user: await idOf('parent46@demo.test') }, MANAGER)).statusCode,
    ).toBe(404);
  });

  it('admin: managers, intended parents and admins of the center', async () => {
    expect(await usernames(await names('getusersbytypeforchatlist?type=6', ADMIN))).toEqual([MANAGER]);
    expect(await usernames(await names('getusersbytypeforchatlist?type=9', ADMIN))).toEqual([PARENT]);
    expect(await usernames(await names('getusersbytypeforchatlist?type=7', ADMIN))).toEqual([MASTER]);
    expect((await get('getusersbytypeforchatlist?type=2', ADMIN)).statusCode).toBe(400);
    expect(await names('getclientchatlist', ADMIN)).toEqual([]);
    expect(await openChat(ADMIN, PARENT)).toBeGreaterThan(0);
  });

  it('master: every center', async () => {
    const parents = await usernames(await names('getusersbytypeforchatlist?type=9', MASTER));
    expect(parents).toEqual(expect.arrayContaining([PARENT, PARENT85, PARENT111]));
  });

  it('donor: assigned staff and the admin list', async () => {
    expect(await names('getdonorchatlist', DONOR)).toEqual([]);
    expect(await usernames(await names('getselectedadminforchatlist', DONOR))).toEqual([ADMIN]);
    expect(await names('getclientchatlist', DONOR)).toEqual([]);
    expect(await openChat(DONOR, ADMIN)).toBeGreaterThan(0);
  });
});

describe('GET messagehistory/{id}', () => {
  it('answers 403 to the roles without the message-history page', async () => {
    for (const as of [PARENT, DONOR, ADMIN, MASTER]) {
      expectMessage(await get(`messagehistory/${await idOf(PARENT)}`, as), 403, MSG.UNAUTHORIZED);
    }
  });

  it("shows a client's chats to their case manager, audited; others 403 or 404", async () => {
    const chatId = await openChat(MANAGER, PARENT);
    await send(MANAGER, chatId, { message: 'For the record' });
    const parentId = await idOf(PARENT);
    const res = await get(`messagehistory/${parentId}`, MANAGER);
    expect(res.statusCode, res.body).toBe(200);
    const history = body<MessageHistory>(res).data;
    expect(history.chats.find((c) => c.chatId === chatId)!.messages.at(-1)!.message).toBe('For the record');
    const [entry] = await t.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'message_history_read'))
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect(entry).toMatchObject({ actorUserId: await idOf(MANAGER), entityId: String(parentId) });
    expect(JSON.stringify(entry!.details)).not.toContain('For the record');
    expect((await get(`messagehistory/${parentId}`, MANAGER85)).statusCode).toBe(404);
    expect((await get(`messagehistory/${parentId}`, PARENT)).statusCode).toBe(403);
    expect((await get('messagehistory/abc', MANAGER)).statusCode).toBe(400);
  });
});

describe('chatPartnerIds', () => {
  it('names everyone with a chat with the person', async () => {
    await openChat(MANAGER, PARENT);
    expect(await chatPartnerIds(t.db, await idOf(PARENT))).toContain(await idOf(MANAGER));
    expect(await chatPartnerIds(t.db, await idOf(PARENT85))).not.toContain(await idOf(PARENT));
  });
});
