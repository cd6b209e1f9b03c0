import {
  type ArchivedClientNotificationBody,
  MSG,
  type OutboxText,
  ROLE,
  type TextVisibility,
} from '@dm/shared';
import { audit } from '../../platform/audit.js';
import type { Auth } from '../../platform/auth-context.js';
import { badRequest, notFound } from '../../platform/errors.js';
import type { Realtime } from '../../platform/realtime.js';
import { openText } from '../../platform/sms.js';
import { notify } from '../notifications/index.js';
import type { TextDeps } from './texts.codes.js';
import {
  activeAdminIds,
  auditEntriesSince,
  findTextCenter,
  findUserForNotice,
  isActiveUser,
  listTextOutbox,
} from './texts.repo.js';

export { sendCode, verifyCode } from './texts.codes.js';

export interface TextServiceDeps extends TextDeps {
  realtime: Realtime;
}

/** GET checktextmessagesvisibility/{centerId}: whether the agency sends text messages. */
export async function textVisibility(deps: TextDeps, centerId: number): Promise<TextVisibility[]> {
  const center = await findTextCenter(deps.db, centerId);
  if (!center?.visible) throw notFound();
  return [{ receive_text_messages: center.settings.receiveTextMessages }];
}

/** The audit action the login writes when an archived client gave the right password. */
export const ARCHIVED_LOGIN_ACTION = 'login_archived_client';
const NOTICE_ACTION = 'archived_client_notification';
/** The notice follows a refused login from the same address within this time. */
const NOTICE_AFTER_LOGIN_MS = 15 * 60_000;
/** One notice per client a day; at most 10 notices an hour per address. */
const NOTICE_PER_CLIENT_MS = 24 * 60 * 60_000;
const NOTICE_MAX_PER_ADDRESS = 10;

/**
 * POST sendarchivedclientnotification {username}: after the archivedClient login outcome, the
 * client asks to be reactivated; her case manager (else her agency's admins) gets a notification.
 * Only a client whose right password was refused as archived from this address in the last 15
 * minutes is heard, once a day; every request gets the same answer, so the call tells nobody
 * whether an account exists or is archived (decision 004).
 */
export async function archivedClientNotice(
  deps: TextServiceDeps,
  body: ArchivedClientNotificationBody,
  ip: string,
): Promise<null> {
  const now = deps.clock.now();
  const hourAgo = new Date(now.getTime() - 60 * 60_000);
  if ((await auditEntriesSince(deps.db, NOTICE_ACTION, hourAgo, { ip })) >= NOTICE_MAX_PER_ADDRESS)
    return null;
  const user = await findUserForNotice(deps.db, body.username);
  if (!user || user.role !== ROLE.CLIENT || user.status !== 'Archived') return null;
  const loginSince = new Date(now.getTime() - NOTICE_AFTER_LOGIN_MS);
  if ((await auditEntriesSince(deps.db, ARCHIVED_LOGIN_ACTION, loginSince, { userId: user.id, ip })) === 0)
    return null;
  const daySince = new Date(now.getTime() - NOTICE_PER_CLIENT_MS);
  if ((await auditEntriesSince(deps.db, NOTICE_ACTION, daySince, { userId: user.id })) > 0) return null;
  const announce = await deps.db.transaction(async (tx) => {
    const manager =
      user.managerId !== null && (await isActiveUser(tx, user.managerId)) ? user.managerId : null;
    const recipients = manager !== null ? [manager] : await activeAdminIds(tx, user.centerId);
    const name = `${user.firstName} ${user.lastName}`.trim() || user.username;
    await audit(
      tx,
      null,
      {
        action: NOTICE_ACTION,
        entityType: 'user',
        entityId: user.id,
        centerId: user.centerId,
        details: { recipients: recipients.length },
        at: now,
      },
      ip,
    );
    return notify(
      tx,
      recipients.map((userId) => ({
        userId,
        sharedBy: user.id,
        kind: 'message' as const,
        text: `${name} (${user.username}), an archived intended parent, tried to sign in and asks to be reactivated.`,
        link: '/viewclient',
      })),
    );
  });
  announce(deps.realtime);
  return null;
}

/** How many rows the development text outbox shows. */
const OUTBOX_PAGE = 100;

/**
 * GET devtextoutbox (development only, SMS_TRANSPORT=outbox): the captured texts. Like the mail
 * outbox (decision 009) only a text's recipient reads its body: everyone sees their own texts;
 * an agency admin also sees that her agency's other texts were sent (number, status, time), the
 * master admin every agency's. Texts to a number being verified at sign-up have no recipient
 * account: their codes are read from the operator's drop, DATA_DIR/texts.
 */
export async function devTextOutbox(deps: TextDeps, auth: Auth, ip: string): Promise<OutboxText[]> {
  if (deps.config.smsTransport !== 'outbox') throw badRequest(MSG.TEXT_OUTBOX_DISABLED);
  const staff = auth.role === ROLE.ADMIN || auth.role === ROLE.MASTER;
  const scope = auth.role === ROLE.MASTER ? null : auth.centerId;
  const rows = (await listTextOutbox(deps.db, scope, OUTBOX_PAGE)).filter(
    (row) => staff || row.toUserId === auth.userId,
  );
  await audit(
    deps.db,
    auth,
    { action: 'text_outbox_viewed', entityType: 'text_outbox', centerId: scope },
    ip,
  );
  // A master admin switched into an account acts for it, but is not its recipient.
  const me = auth.switchedFromUserId === null ? auth.userId : null;
  return rows.map((row) => ({
    id: row.id,
    toNumber: row.toNumber,
    body: (row.toUserId === me && openText(deps.secrets, row.sealedContent)) || MSG.TEXT_OUTBOX_NOT_YOURS,
    status: row.status,
    createdAt: row.createdAt.toISOString(),
  }));
}
