import { readFile } from 'node:fs/promises';
import {
  CHAT_FILE_TYPES,
  CHAT_IMAGE_TYPES,
  CHAT_MSG,
  type ChatAttachmentKind,
  type ChatMessage,
  DOCUMENT_MAX_BYTES,
  hasChannel,
  IMAGE_MAX_BYTES,
  idSchema,
  UPLOAD_MSG,
} from '@dm/shared';
import { fileTypeFromFile } from 'file-type';
import type { Auth } from '../../platform/auth-context.js';
import { badRequest, notFound } from '../../platform/errors.js';
import { reencodeImage } from '../uploads/images.js';
import type { Receive, ReceivedFile } from '../uploads/received.js';
import { EXTENSIONS, sniffFile } from '../uploads/sniff.js';
import * as repo from './messaging.repo.js';
import { storeMessage } from './messaging.service.js';
import { chatOfCaller, type Deps, messageView } from './messaging.shared.js';

/** What a checked chat file is stored as. */
interface Checked {
  kind: ChatAttachmentKind;
  ext: string;
  mime: string;
  /** Re-encoded image bytes; other files move in from their work file. */
  data?: Buffer;
}

const OFFICE: Record<string, { mime: string; fileType: string }> = {
  xlsx: { mime: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', fileType: 'xlsx' },
  mp3: { mime: 'audio/mpeg', fileType: 'mp3' },
};

/** Plain text: valid UTF-8 without NUL bytes (text has no magic bytes to sniff). */
async function isPlainText(path: string): Promise<boolean> {
  const bytes = await readFile(path);
  if (bytes.includes(0)) return false;
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    return true;
  } catch {
    return false;
  }
}

/** The file's bytes must be what its extension says; images are re-encoded without metadata. */
export async function checkChatFile(file: ReceivedFile, image: boolean): Promise<Checked> {
  const types: readonly string[] = image ? CHAT_IMAGE_TYPES : CHAT_FILE_TYPES;
  if (!types.includes(file.ext)) throw badRequest(CHAT_MSG.INVALID_FORMAT);
  if (file.size === 0) throw badRequest(CHAT_MSG.INVALID_FORMAT);
  if (file.tooBig || file.size > (image ? IMAGE_MAX_BYTES : DOCUMENT_MAX_BYTES))
    throw badRequest(CHAT_MSG.TOO_BIG);
  if (file.ext === 'txt') {
    if ((await fileTypeFromFile(file.path)) || !(await isPlainText(file.path))) {
      throw badRequest(CHAT_MSG.INVALID_FORMAT);
    }
    return { kind: 'document', ext: 'txt', mime: 'text/plain; charset=utf-8' };
  }
  const office = OFFICE[file.ext];
  if (office) {
    if ((await fileTypeFromFile(file.path))?.ext !== office.fileType)
      throw badRequest(CHAT_MSG.INVALID_FORMAT);
    return { kind: file.ext === 'mp3' ? 'audio' : 'document', ext: file.ext, mime: office.mime };
  }
  // xls is an OLE container like doc.
  const expected =
    file.ext === 'xls' ? { family: 'ole', contentType: 'application/vnd.ms-excel' } : EXTENSIONS[file.ext];
  const family = await sniffFile(file.path);
  if (!expected || expected.family !== family) throw badRequest(CHAT_MSG.INVALID_FORMAT);
  if (image) {
    try {
      const encoded = await reencodeImage(await readFile(file.path), family);
      return { kind: 'image', ext: encoded.ext, mime: encoded.contentType, data: encoded.data };
    } catch {
      throw badRequest(CHAT_MSG.INVALID_FORMAT);
    }
  }
  return { kind: file.ext === 'pdf' ? 'pdf' : 'document', ext: file.ext, mime: expected.contentType };
}

const flag = (values: string[] | undefined, fallback: boolean) =>
  values?.[0] === undefined ? fallback : ['true', '1', 'on'].includes(values[0]);

/**
 * POST /uploadmessageimage and /uploadmessagepdf (multipart: `file`, `chatId`, optional
 * `message`, `clientMessageId`, `notification`, `email`, `text`): checks the file by its bytes,
 * stores it and the message carrying it in one transaction, and pushes the message like a text one.
 */
export async function uploadMessageFile(
  deps: Deps,
  auth: Auth,
  image: boolean,
  receive: Receive,
): Promise<ChatMessage> {
  const received = await receive();
  let storedKey: string | null = null;
  try {
    const parsedChatId = idSchema().safeParse(received.fields.chatId?.[0]);
    if (!parsedChatId.success) throw badRequest(CHAT_MSG.USER_NOT_FOUND);
    const chatId = parsedChatId.data;
    await chatOfCaller(deps.db, auth, chatId);
    const clientMessageId = received.fields.clientMessageId?.[0]?.slice(0, 64) || null;
    if (clientMessageId) {
      const again = await repo.findByClientId(deps.db, auth.userId, clientMessageId);
      if (again?.message.chatId === chatId) return messageView(again);
    }
    const channels = {
      notification: flag(received.fields.notification, true),
      email: flag(received.fields.email, false),
      text: flag(received.fields.text, false),
    };
    if (!hasChannel(channels)) throw badRequest(CHAT_MSG.SELECT_OPTION);
    const file = received.files[0];
    if (!file) throw badRequest(UPLOAD_MSG.SELECT_FILE);
    const checked = await checkChatFile(file, image);
    const key = checked.data
      ? await deps.storage.put(checked.data, checked.ext)
      : await deps.storage.putFile(file.path, checked.ext);
    storedKey = key;
    const message = await storeMessage(
      deps,
      auth,
      { chatId, text: received.fields.message?.[0] ?? '', clientMessageId, channels },
      async (tx, id) =>
        (
          await repo.insertAttachment(tx, {
            chatId: id,
            uploaderId: auth.userId,
            kind: checked.kind,
            storageKey: key,
            originalName: file.name,
            size: checked.data ? checked.data.length : file.size,
            mime: checked.mime,
          })
        ).id,
    );
    storedKey = null;
    return message;
  } finally {
    if (storedKey) await deps.storage.remove(storedKey).catch(() => {});
    await received.cleanup();
  }
}

/** GET chatfile/{id}: an attachment, to the two people of its chat only (anyone else: 404). */
export async function chatFile(deps: Pick<Deps, 'db' | 'storage'>, auth: Auth, id: number) {
  const row = await repo.findAttachment(deps.db, id);
  if (!row || (row.chat.userLow !== auth.userId && row.chat.userHigh !== auth.userId)) throw notFound();
  const { stream, size } = await deps.storage.open(row.attachment.storageKey);
  const a = row.attachment;
  const inline = a.kind === 'image' || a.kind === 'audio' || a.kind === 'pdf';
  const safeName = a.originalName.replace(/["\\\r\n]/g, '_');
  return {
    stream,
    size,
    mime: a.mime,
    disposition: `${inline ? 'inline' : 'attachment'}; filename="${safeName}"`,
  };
}
