import { MSG } from '@dm/shared';
import { audit } from '../../platform/audit.js';
import type { ModuleDeps } from '../../platform/deps.js';
import { ONE_CLICK_PURPOSE } from '../../platform/mail.js';
import * as repo from './notifications.repo.js';

type Deps = Pick<ModuleDeps, 'db' | 'secrets'>;

/**
 * POST unsubscribe {userid, username}: the /unsubscribe page's confirmation. Turns the user's
 * notification e-mails off only when the id and the user name belong together; the answer is
 * the same either way, so the page tells nobody whether an account exists (decision 004).
 */
export async function unsubscribe(
  deps: Deps,
  input: { userid: number; username: string },
  ip: string,
): Promise<string> {
  await deps.db.transaction(async (tx) => {
    if (await repo.turnEmailOff(tx, input.userid, input.username)) {
      await audit(tx, null, { action: 'user.unsubscribe', entityType: 'user', entityId: input.userid }, ip);
    }
  });
  return MSG.UNSUBSCRIBED;
}

/**
 * POST unsubscribe/oneclick/{userId}/{signature}: the mail client's one-click unsubscribe
 * (RFC 8058). The signature is an HMAC of the user id with the app secret, so the address cannot
 * be made from an id and a user name. A wrong signature changes nothing; the answer is the same.
 */
export async function oneClick(
  deps: Deps,
  input: { userId: number; signature: string },
  ip: string,
): Promise<string> {
  if (!deps.secrets.verifySigned(ONE_CLICK_PURPOSE, String(input.userId), input.signature)) {
    return MSG.UNSUBSCRIBED;
  }
  await deps.db.transaction(async (tx) => {
    if (await repo.turnEmailOff(tx, input.userId, null)) {
      await audit(
        tx,
        null,
        {
          action: 'user.unsubscribe',
          entityType: 'user',
          entityId: input.userId,
          details: { oneClick: true },
        },
        ip,
      );
    }
  });
  return MSG.UNSUBSCRIBED;
}
