import {
  canSharePortfolioWithClient,
  canShareWithManager,
  EMAIL_TYPE,
  isClientOfCallerCenter,
  MSG,
  type PortfolioSummary,
  type SharedManager,
} from '@dm/shared';
import { audit } from '../../platform/audit.js';
import type { Auth } from '../../platform/auth-context.js';
import type { Db } from '../../platform/db.js';
import { badRequest, notFound } from '../../platform/errors.js';
import { queueTemplatedMail } from '../../platform/mail.js';
import { fullNameOf } from '../../platform/session-user.js';
import { notify } from '../notifications/index.js';
import { type Deps, link, openEditable, summary } from './portfolios.access.js';
import * as repo from './portfolios.repo.js';

// Sharing a portfolio with its client and with other case managers, and telling them of changes.

/** GET getclientsmailid/{clientId}: the e-mail of a client of the caller's center. */
export async function clientEmail(deps: Deps, auth: Auth, clientId: number): Promise<{ email: string }> {
  const client = await repo.userById(deps.db, clientId);
  if (!client || !isClientOfCallerCenter(auth, client)) throw notFound();
  return { email: client.username };
}

/** Queues one of the portfolio e-mails from the caller (`sender`) to `to`, linking to `path`. */
function mailPortfolio(
  tx: Db,
  deps: Deps,
  p: repo.PortfolioRow,
  mail: {
    emailTypeId: number;
    to: repo.UserRow;
    sender: repo.UserRow | undefined;
    path: string;
    message?: string;
  },
) {
  return queueTemplatedMail(tx, deps.secrets, {
    centerId: p.centerId,
    emailTypeId: mail.emailTypeId,
    to: mail.to.username,
    vars: {
      recipient: fullNameOf(mail.to),
      sender: mail.sender ? fullNameOf(mail.sender) : '',
      portfolio: p.name,
      ...(mail.message !== undefined ? { message: mail.message } : {}),
      link: link(deps, mail.path),
    },
  });
}

/**
 * POST shareshortlistprofile: e-mails the portfolio to its client. A portfolio without a client
 * becomes that client's, unless the client already has one in use.
 */
export async function shareWithClient(
  deps: Deps,
  auth: Auth,
  input: { id: number; to: string; message: string },
): Promise<PortfolioSummary> {
  const { p } = await openEditable(deps.db, auth, input.id);
  const client = await repo.userByUsername(deps.db, input.to);
  if (!client || !canSharePortfolioWithClient(auth, client)) {
    throw badRequest(MSG.INVALID_CLIENT);
  }
  if (p.clientId !== null && p.clientId !== client.id) throw badRequest(MSG.PORTFOLIO_HAS_CLIENT);
  const sender = await repo.userById(deps.db, auth.userId);
  const from = sender ? fullNameOf(sender) : 'Your case manager';
  const { answer, announce } = await deps.db.transaction(async (tx) => {
    if (p.clientId === null) {
      if (await repo.openPortfolioOfClient(tx, client.id, p.id)) throw badRequest(MSG.PORTFOLIO_HAS_CLIENT);
      await repo.updatePortfolio(tx, p.id, { clientId: client.id, managerId: p.managerId ?? auth.userId });
    }
    await repo.touch(tx, p.id, deps.clock.now());
    await mailPortfolio(tx, deps, p, {
      emailTypeId: EMAIL_TYPE.SHARE_PORTFOLIO_CLIENT,
      to: client,
      sender,
      path: `/previewshortlist/${p.id}`,
      message: input.message,
    });
    await audit(tx, auth, {
      action: 'portfolio.shareClient',
      entityType: 'portfolio',
      entityId: p.id,
      details: { client: client.id },
    });
    const announce = await notify(tx, [
      {
        userId: client.id,
        sharedBy: auth.userId,
        kind: 'portfolio_shared',
        text: `${from} shared the portfolio ${p.name} with you`,
        link: `/previewshortlist/${p.id}`,
      },
    ]);
    return { answer: summary(await repo.listedById(tx, p.id, auth.userId), 'editor'), announce };
  });
  announce(deps.realtime);
  return answer;
}

async function targetManager(deps: Deps, auth: Auth, managerId: number) {
  const m = await repo.userById(deps.db, managerId);
  if (
    !m ||
    !canShareWithManager(auth, { userId: m.id, role: m.role, status: m.status, centerId: m.centerId })
  ) {
    throw badRequest(MSG.SELECT_MANAGER);
  }
  return m;
}

export async function shareWithManager(
  deps: Deps,
  auth: Auth,
  input: { id: number; managerId: number; message: string },
): Promise<SharedManager[]> {
  const { p } = await openEditable(deps.db, auth, input.id);
  const m = await targetManager(deps, auth, input.managerId);
  const sender = await repo.userById(deps.db, auth.userId);
  const announce = await deps.db.transaction(async (tx) => {
    const fresh = await repo.insertShare(tx, {
      portfolioId: p.id,
      managerId: m.id,
      sharedBy: auth.userId,
      sharedAt: deps.clock.now(),
    });
    if (fresh) {
      await mailPortfolio(tx, deps, p, {
        emailTypeId: EMAIL_TYPE.SHARE_PORTFOLIO_MANAGER,
        to: m,
        sender,
        path: `/shortlist/${p.id}`,
        message: input.message,
      });
    }
    await audit(tx, auth, {
      action: 'portfolio.shareManager',
      entityType: 'portfolio',
      entityId: p.id,
      details: { manager: m.id },
    });
    if (!fresh) return () => {};
    return notify(tx, [
      {
        userId: m.id,
        sharedBy: auth.userId,
        kind: 'portfolio_shared',
        text: `${sender ? fullNameOf(sender) : 'A case manager'} shared the portfolio ${p.name} with you`,
        link: `/shortlist/${p.id}`,
      },
    ]);
  });
  announce(deps.realtime);
  return sharedTo(deps, auth, p.id);
}

export async function unshare(
  deps: Deps,
  auth: Auth,
  id: number,
  managerId: number,
): Promise<SharedManager[]> {
  await openEditable(deps.db, auth, id);
  await deps.db.transaction(async (tx) => {
    if (!(await repo.deleteShare(tx, id, managerId))) throw notFound();
    await audit(tx, auth, {
      action: 'portfolio.unshare',
      entityType: 'portfolio',
      entityId: id,
      details: { manager: managerId },
    });
  });
  return sharedTo(deps, auth, id);
}

export async function sharedTo(deps: Deps, auth: Auth, id: number): Promise<SharedManager[]> {
  await openEditable(deps.db, auth, id);
  return (await repo.sharesOf(deps.db, id)).map((r) => ({
    userId: r.userId,
    name: `${r.firstName} ${r.lastName}`.trim(),
    sharedAt: r.sharedAt.toISOString(),
  }));
}

/** POST shortlistupdatenotification: tells the client the portfolio changed. */
export async function notifyUpdate(deps: Deps, auth: Auth, id: number): Promise<void> {
  const { p } = await openEditable(deps.db, auth, id);
  if (p.clientId === null) throw badRequest(MSG.INVALID_CLIENT);
  const client = await repo.userById(deps.db, p.clientId);
  const sender = await repo.userById(deps.db, auth.userId);
  if (!client) throw notFound();
  const announce = await deps.db.transaction(async (tx) => {
    await mailPortfolio(tx, deps, p, {
      emailTypeId: EMAIL_TYPE.PORTFOLIO_UPDATED,
      to: client,
      sender,
      path: `/previewshortlist/${p.id}`,
    });
    await audit(tx, auth, { action: 'portfolio.notify', entityType: 'portfolio', entityId: p.id });
    return notify(tx, [
      {
        userId: client.id,
        sharedBy: auth.userId,
        kind: 'portfolio_updated',
        text: `${sender ? fullNameOf(sender) : 'Your case manager'} updated the portfolio ${p.name}`,
        link: `/previewshortlist/${p.id}`,
      },
    ]);
  });
  announce(deps.realtime);
}
