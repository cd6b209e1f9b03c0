import {
  CHAT_MSG,
  chatDeliverBody,
  chatMessagesBody,
  createChatBody,
  DOCUMENT_MAX_BYTES,
  IMAGE_MAX_BYTES,
  type PageKey,
  partnerAgencyIpBody,
  saveChatMessageBody,
  setDisableChatBody,
} from '@dm/shared';
import fastifyMultipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAuth } from '../../platform/auth-context.js';
import type { ModuleDeps } from '../../platform/deps.js';
import { envelope, ok } from '../../platform/envelope.js';
import { callRoutes, jsonRoute } from '../../platform/routes.js';
import { uploadsWorkDir } from '../../platform/storage.js';
import { receiveParts } from '../uploads/received.js';
import * as files from './messaging.files.js';
import * as lists from './messaging.lists.js';
import * as s from './messaging.schemas.js';
import * as service from './messaging.service.js';

/** Everyone with the message room; the lists answer 403 to roles they are not for. */
const ROOM: readonly PageKey[] = ['messageroom'];
/** Staff reads of a person's messages. */
const HISTORY: readonly PageKey[] = ['message-history'];

export const messagingRoutes: FastifyPluginAsyncZod<ModuleDeps> = async (app, deps) => {
  const workDir = uploadsWorkDir(deps.config.dataDir);
  await app.register(fastifyMultipart, {
    limits: { fileSize: DOCUMENT_MAX_BYTES },
    throwFileSizeLimit: false,
  });

  callRoutes(app, deps, ROOM, [
    [
      '/create',
      "Opens (or reuses) the chat with someone on the caller's chat lists; anyone else 404",
      createChatBody,
      z.object({ chatId: z.number() }),
      undefined,
      (d, auth, b) => service.createChat(d, auth, b.another_user),
    ],
    [
      '/getchatmessage',
      'One page of a chat (chatMessageCount messages), page 1 the newest; marks read',
      chatMessagesBody,
      s.chatMessagePage,
      undefined,
      (d, auth, b) => service.messages(d, auth, b.chatId, b.pageNo),
    ],
    [
      '/savemessagetodb',
      'Stores a message (blank 400, no channel 400) and its chosen deliveries in one transaction, then pushes it; a retried clientMessageId is stored once',
      saveChatMessageBody,
      s.chatMessage,
      undefined,
      service.saveMessage,
    ],
    [
      '/sendemailtousers',
      'E-mails a message the caller sent to the other person of the chat',
      chatDeliverBody,
      null,
      CHAT_MSG.EMAIL_SENT,
      service.emailMessage,
    ],
    [
      '/sendtextmessagetousers',
      'Texts a message the caller sent to the other person (400 when they have no number)',
      chatDeliverBody,
      null,
      CHAT_MSG.TEXT_SENT,
      service.textStoredMessage,
    ],
    [
      '/setdisablechat',
      "Switches the caller's own sending off or on (the Pre-Active rule's flag stays while Pre-Active)",
      setDisableChatBody,
      s.disableFlag,
      undefined,
      (d, auth, b) => service.setDisableFlag(d, auth, b.disable_chat),
    ],
    [
      '/getpartneragencyiplist',
      "A partner center's intended parents (manager; a center that is no partner 404)",
      partnerAgencyIpBody,
      z.array(s.chatContact),
      undefined,
      (d, auth, b) => lists.chatList(d, auth, ['partnerAgencyParents'], b.ip_center),
    ],
    [
      '/getdisablechatflag',
      'Whether the caller may not send',
      null,
      s.disableFlag,
      undefined,
      service.disableFlag,
    ],
    [
      '/getclientchatlist',
      "A manager's clients",
      null,
      z.array(s.chatContact),
      undefined,
      (d, auth) => lists.chatList(d, auth, ['clients']),
    ],
    [
      '/getpartnercmchatlist',
      "Partner centers' case managers (manager)",
      null,
      z.array(s.chatContact),
      undefined,
      (d, auth) => lists.chatList(d, auth, ['partnerCaseManagers']),
    ],
    [
      '/getagencycasemanagerlistmanager',
      "The other case managers of the manager's center",
      null,
      z.array(s.chatContact),
      undefined,
      (d, auth) => lists.chatList(d, auth, ['agencyManagers']),
    ],
    [
      '/getdonorchatlist',
      'The staff a donor is assigned to',
      null,
      z.array(s.chatContact),
      undefined,
      (d, auth) => lists.chatList(d, auth, ['donorStaff']),
    ],
    [
      '/getclientmanager',
      "A client's case manager and support (the center's default case manager)",
      null,
      z.array(s.chatContact),
      undefined,
      (d, auth) => lists.chatList(d, auth, ['clientManager', 'support']),
    ],
    [
      '/getagencycasemanagerlistclient',
      "Case managers of the client's and partner centers, where the center has multi-agency access",
      null,
      z.array(s.chatContact),
      undefined,
      (d, auth) => lists.chatList(d, auth, ['agencyCaseManagers']),
    ],
    [
      '/getselectedadminforchatlist',
      "The admins of the caller's center (donors, clients, managers)",
      null,
      z.array(s.chatContact),
      undefined,
      (d, auth) => lists.chatList(d, auth, ['admins']),
    ],
  ]);

  jsonRoute(app, 'GET /getusersbytypeforchatlist', ROOM, {
    summary: "An admin's chat list: type 6 managers, 9 intended parents, 7 admins",
    querystring: s.usersByTypeQuery,
    data: z.array(s.chatContact),
    run: (auth, { query }) => lists.usersByType(deps, auth, query.type),
  });

  jsonRoute(app, 'GET /chat/:chatId', ROOM, {
    summary: "Who a chat of the caller is with (another person's chat 404)",
    params: s.chatIdParams,
    data: s.chatInfo,
    run: (auth, { params }) => service.getChat(deps, auth, params.chatId),
  });

  jsonRoute(app, 'GET /getchatdata/:id', ROOM, {
    summary: 'The chat with user {id}, opened when the caller may chat with them (else 404)',
    params: s.idParams,
    data: s.chatInfo,
    run: (auth, { params }) => service.chatData(deps, auth, params.id),
  });

  jsonRoute(app, 'GET /messagehistory/:id', HISTORY, {
    summary: "Staff read of a person's chats (their manager or the center's admin; audited)",
    params: s.idParams,
    data: s.messageHistory,
    run: (auth, { params }) => service.messageHistory(deps, auth, params.id),
  });

  // Plain Fastify: multipart file streams.
  const multipart = { consumes: ['multipart/form-data'] };
  for (const [url, image, maxBytes, summary] of [
    [
      '/uploadmessageimage',
      true,
      IMAGE_MAX_BYTES,
      'An image message (png, jpg, gif, bmp; re-encoded without metadata)',
    ],
    [
      '/uploadmessagepdf',
      false,
      DOCUMENT_MAX_BYTES,
      'A file message: pdf, doc, docx, xls, xlsx, txt or mp3, checked by its bytes',
    ],
  ] as const) {
    app.post(
      url,
      {
        config: { access: { pages: ROOM } },
        schema: { ...multipart, summary, response: { 200: envelope(s.chatMessage) } },
      },
      async (request) =>
        ok(
          await files.uploadMessageFile(deps, requireAuth(request), image, () =>
            receiveParts(request, workDir, { maxBytes, maxFiles: 1 }),
          ),
        ),
    );
  }

  app.get(
    '/chatfile/:id',
    {
      config: { access: { pages: ROOM } },
      schema: { summary: 'A chat attachment, to the two people of the chat only', params: s.idParams },
    },
    async (request, reply) => {
      const file = await files.chatFile(deps, requireAuth(request), request.params.id);
      return reply
        .header('content-type', file.mime)
        .header('content-length', file.size)
        .header('cache-control', 'private, max-age=300')
        .header('content-disposition', file.disposition)
        .send(file.stream);
    },
  );
};
