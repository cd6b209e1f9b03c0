import {
  type DonorFeedbackEntry,
  donorDisplayId,
  donorFeedbackScope,
  EMAIL_TYPE,
  type Feedback,
  type FeedbackCounts,
  type IpQueryType,
  MSG,
  type PortfolioNote,
} from '@dm/shared';
import { audit } from '../../platform/audit.js';
import type { Auth } from '../../platform/auth-context.js';
import type { Db } from '../../platform/db.js';
import { badRequest, forbidden, notFound } from '../../platform/errors.js';
import { queueTemplatedMail } from '../../platform/mail.js';
import { fullNameOf } from '../../platform/session-user.js';
import { assertDonorVisible, donorVisibility } from '../donor-access/index.js';
import { notify } from '../notifications/index.js';
import { clientCaseManager } from '../users/case-manager.js';
import {
  clientIdOf,
  type Deps,
  isClient,
  open,
  openForClientAction,
  settingsOf,
} from './portfolios.access.js';
import * as repo from './portfolios.repo.js';

// The client's feedback and comments, a Pre-Active client's questions, feedback on a donor.

// --- feedback and comments

export async function giveFeedback(
  deps: Deps,
  auth: Auth,
  input: { id: number; donorId: number; feedback: Feedback },
): Promise<FeedbackCounts> {
  const own = await settingsOf(deps.db, auth.centerId);
  if (!isClient(auth) || !own.feedbackAllowed) throw forbidden(MSG.FEEDBACK_DENIED);
  const o = await openForClientAction(deps.db, auth, input.id);
  if (o.p.status === 'Submitted') throw badRequest(MSG.PORTFOLIO_SUBMITTED_WARNING);
  const { counts, announce } = await deps.db.transaction(async (tx) => {
    if (!(await repo.setFeedback(tx, input.id, input.donorId, input.feedback, deps.clock.now())))
      throw notFound();
    await repo.touch(tx, input.id, deps.clock.now());
    await audit(tx, auth, {
      action: 'portfolio.feedback',
      entityType: 'donor',
      entityId: input.donorId,
      details: { portfolio: input.id, feedback: input.feedback },
    });
    // The portfolio's case manager hears of it in the app (the feedback word, no more).
    const managerId = o.p.managerId;
    const announce =
      managerId && managerId !== auth.userId
        ? await notify(tx, [
            {
              userId: managerId,
              sharedBy: auth.userId,
              kind: 'feedback',
              text: `Feedback "${input.feedback}" on a donor in the portfolio ${o.p.name}`,
              link: `/shortlist/${input.id}`,
            },
          ])
        : () => {};
    return { counts: await repo.feedbackCounts(tx, input.id), announce };
  });
  announce(deps.realtime);
  return counts;
}

const noteView = (n: Awaited<ReturnType<typeof repo.notesOf>>[number]): PortfolioNote => ({
  id: n.id,
  donorId: n.donorId,
  userId: n.userId,
  userName: `${n.firstName ?? ''} ${n.lastName ?? ''}`.trim(),
  note: n.note,
  isOverall: n.isOverall,
  createdAt: n.createdAt.toISOString(),
});

export async function notes(deps: Deps, auth: Auth, id: number, donorId?: number): Promise<PortfolioNote[]> {
  await open(deps.db, auth, id);
  return (await repo.notesOf(deps.db, id, donorId)).map(noteView);
}

async function assertDonorIn(db: Db, portfolioId: number, donorId: number): Promise<void> {
  const ids = await repo.donorIdsOf(db, portfolioId);
  if (!ids.some((d) => d.donorId === donorId)) throw notFound();
}

/** POST insportfoliodonornote: one comment on a donor of the portfolio, or on the whole portfolio. */
export async function addComment(
  deps: Deps,
  auth: Auth,
  input: { id: number; donorId?: number; note: string; overall: boolean },
): Promise<PortfolioNote> {
  await openForClientAction(deps.db, auth, input.id);
  const overall = input.overall || input.donorId === undefined;
  if (!overall) await assertDonorIn(deps.db, input.id, input.donorId!);
  return deps.db.transaction(async (tx) => {
    const noteId = await repo.insertNote(tx, {
      portfolioId: input.id,
      donorId: overall ? null : input.donorId!,
      userId: auth.userId,
      note: input.note,
      isOverall: overall,
      createdAt: deps.clock.now(),
    });
    await repo.touch(tx, input.id, deps.clock.now());
    const [row] = (await repo.notesOf(tx, input.id)).filter((n) => n.id === noteId);
    return noteView(row!);
  });
}

/** POST insportfoliodonornotes: the same comment on one donor in several portfolios. */
export async function addCommentToMany(
  deps: Deps,
  auth: Auth,
  input: { ids: number[]; donorId: number; note: string },
): Promise<{ saved: number }> {
  const ids = [...new Set(input.ids)];
  for (const id of ids) {
    await openForClientAction(deps.db, auth, id);
    await assertDonorIn(deps.db, id, input.donorId);
  }
  await deps.db.transaction(async (tx) => {
    for (const id of ids) {
      await repo.insertNote(tx, {
        portfolioId: id,
        donorId: input.donorId,
        userId: auth.userId,
        note: input.note,
        createdAt: deps.clock.now(),
      });
      await repo.touch(tx, id, deps.clock.now());
    }
  });
  return { saved: ids.length };
}

// --- Pre-Active clients

/** A Pre-Active client's question or consultation request, stored and mailed to their manager. */
export async function askManager(
  deps: Deps,
  auth: Auth,
  input: { type: IpQueryType; query: string; donorId?: number },
): Promise<{ id: number }> {
  if (!isClient(auth)) throw forbidden();
  const { client, manager } = await clientCaseManager(deps.db, auth.userId, auth.centerId);
  if (!manager) throw badRequest(MSG.NO_CASE_MANAGER);
  let donorLabel = '-';
  if (input.donorId !== undefined) {
    const [visible] = await repo.visibleDonorIds(
      deps.db,
      [input.donorId],
      await donorVisibility(deps.db, auth),
    );
    if (!visible) throw notFound();
    donorLabel = donorDisplayId(visible);
  }
  return deps.db.transaction(async (tx) => {
    const id = await repo.insertQuery(tx, {
      centerId: auth.centerId,
      userId: auth.userId,
      donorId: input.donorId ?? null,
      queryType: input.type,
      query: input.query,
      createdAt: deps.clock.now(),
    });
    await queueTemplatedMail(tx, deps.secrets, {
      centerId: auth.centerId,
      emailTypeId: EMAIL_TYPE.IP_QUERY,
      to: manager.username,
      vars: {
        recipient: fullNameOf(manager),
        client: client ? fullNameOf(client) : '',
        query_type: input.type === 'ask_question' ? 'question' : 'consultation request',
        donor: donorLabel,
        message: input.query,
      },
    });
    return { id };
  });
}

/**
 * GET getdonorfeedback/{id}: the feedback clients gave this donor in portfolios, where the
 * caller's center takes feedback (search spec: clients of the consumer-type centers give it,
 * their case managers see it). A client sees her own; a case manager that of the portfolios he
 * may open, an admin that of her center. Other centers and roles answer an empty list.
 */
export async function donorFeedback(deps: Deps, auth: Auth, donorId: number): Promise<DonorFeedbackEntry[]> {
  await assertDonorVisible(deps.db, auth, donorId);
  const scope = donorFeedbackScope(auth);
  if (!scope || !(await settingsOf(deps.db, auth.centerId)).feedbackAllowed) return [];
  const rows = await repo.donorFeedback(
    deps.db,
    donorId,
    scope === 'client'
      ? { clientId: clientIdOf(auth) }
      : scope === 'center'
        ? { centerId: auth.centerId }
        : { managerId: auth.userId, centerId: auth.centerId },
  );
  return rows.map((r) => ({
    portfolioId: r.portfolioId,
    portfolioName: r.portfolioName,
    clientName: r.clientFirstName === null ? null : `${r.clientFirstName} ${r.clientLastName ?? ''}`.trim(),
    feedback: r.feedback as DonorFeedbackEntry['feedback'],
    feedbackAt: r.feedbackAt?.toISOString() ?? null,
  }));
}
