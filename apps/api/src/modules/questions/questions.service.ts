import {
  answerProblem,
  answerText,
  type CustomQuestion,
  canAnswerFor,
  type DonorQuestion,
  isChoiceType,
  MSG,
  type QuestionOption,
  type QuestionTab,
  type QuestionType,
  type QuestionVisibility,
  questionKey,
  type SubmitAnswersBody,
  type saveQuestionBody,
  type updateQuestionBody,
} from '@dm/shared';
import type { z } from 'zod';
import { audit } from '../../platform/audit.js';
import { type Auth, assertCenter } from '../../platform/auth-context.js';
import type { Db } from '../../platform/db.js';
import { isUniqueViolation } from '../../platform/db-errors.js';
import type { ModuleDeps } from '../../platform/deps.js';
import { AppError, badRequest, notFound } from '../../platform/errors.js';
import { assertDonorVisible } from '../donor-access/index.js';
import * as repo from './questions.repo.js';

type Deps = Pick<ModuleDeps, 'db' | 'clock'>;
type SaveBody = z.output<typeof saveQuestionBody>;
type UpdateBody = z.output<typeof updateQuestionBody>;

export function questionView(row: repo.QuestionRow): CustomQuestion {
  return {
    id: row.id,
    centerId: row.centerId,
    question: row.question,
    type: row.type as QuestionType,
    status: row.status as QuestionVisibility,
    isActive: row.isActive,
    isRequired: row.isRequired,
    tab: row.tab as QuestionTab,
    options: row.options,
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** Text questions keep no options; a choice question's options are trimmed. */
function optionsFor(type: QuestionType, options: QuestionOption[]): QuestionOption[] {
  return isChoiceType(type) ? options.map((o) => ({ text: o.text.trim(), isDefault: o.isDefault })) : [];
}

/** The caller's own center; naming another answers 404 like any other center's object. */
function centerOf(auth: Auth, centerId: number | undefined): number {
  if (centerId !== undefined) assertCenter(auth, centerId);
  return auth.centerId;
}

async function ownQuestion(db: Db, auth: Auth, id: number): Promise<repo.QuestionRow> {
  const row = await repo.findQuestion(db, id, true);
  if (!row) throw notFound();
  assertCenter(auth, row.centerId);
  return row;
}

async function assertNotDuplicate(db: Db, centerId: number, key: string, selfId?: number) {
  const other = await repo.findByKey(db, centerId, key);
  if (other && other.id !== selfId) throw badRequest(MSG.QUESTION_DUPLICATE);
}

/** The unique index backs the duplicate check when two admins save the same text at once. */
async function duplicateSafe<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isUniqueViolation(error)) throw badRequest(MSG.QUESTION_DUPLICATE);
    throw error;
  }
}

/** GET /getuserquestions: the center's questions, archived ones with isActive false. */
export async function listQuestions(deps: Deps, auth: Auth): Promise<CustomQuestion[]> {
  return (await repo.questionsOfCenter(deps.db, auth.centerId)).map(questionView);
}

/** POST /savecustomizedquestion */
export async function saveQuestion(
  deps: Deps,
  auth: Auth,
  body: SaveBody,
  ip: string,
): Promise<CustomQuestion> {
  const centerId = centerOf(auth, body.centerId);
  const key = questionKey(body.question);
  return duplicateSafe(() =>
    deps.db.transaction(async (tx) => {
      await assertNotDuplicate(tx, centerId, key);
      const now = deps.clock.now();
      const row = await repo.insertQuestion(tx, {
        centerId,
        question: body.question,
        questionKey: key,
        type: body.type,
        status: body.status,
        isRequired: body.isRequired,
        tab: body.tab,
        options: optionsFor(body.type, body.options),
        updatedBy: auth.userId,
        createdAt: now,
        updatedAt: now,
      });
      await audit(
        tx,
        auth,
        { action: 'question_added', entityType: 'customized_question', entityId: row.id },
        ip,
      );
      return questionView(row);
    }),
  );
}

/** POST /updatequestiondetails: answers already given keep the text the donor answered. */
export async function updateQuestion(
  deps: Deps,
  auth: Auth,
  body: UpdateBody,
  ip: string,
): Promise<CustomQuestion> {
  centerOf(auth, body.centerId);
  const key = questionKey(body.question);
  return duplicateSafe(() =>
    deps.db.transaction(async (tx) => {
      const current = await ownQuestion(tx, auth, body.questionId);
      if (!current.isActive) throw badRequest(MSG.QUESTION_ARCHIVED_EDIT);
      await assertNotDuplicate(tx, current.centerId, key, current.id);
      const row = await repo.updateQuestion(tx, current.id, {
        question: body.question,
        questionKey: key,
        type: body.type,
        status: body.status,
        isRequired: body.isRequired,
        tab: body.tab,
        options: optionsFor(body.type, body.options),
        updatedBy: auth.userId,
        updatedAt: deps.clock.now(),
      });
      await audit(
        tx,
        auth,
        { action: 'question_updated', entityType: 'customized_question', entityId: row.id },
        ip,
      );
      return questionView(row);
    }),
  );
}

/**
 * POST /updatecustomizedquestionstatus: 'archive' takes the question off the donor form;
 * public, staff or private set who reads its answers (an archived question stays archived).
 */
export async function setQuestionStatus(
  deps: Deps,
  auth: Auth,
  body: { question_id: number; center_id?: number | undefined; status: QuestionVisibility | 'archive' },
  ip: string,
): Promise<CustomQuestion> {
  centerOf(auth, body.center_id);
  return deps.db.transaction(async (tx) => {
    const current = await ownQuestion(tx, auth, body.question_id);
    const set =
      body.status === 'archive'
        ? { isActive: false }
        : ({ status: body.status } as { status: QuestionVisibility });
    const row = await repo.updateQuestion(tx, current.id, {
      ...set,
      updatedBy: auth.userId,
      updatedAt: deps.clock.now(),
    });
    await audit(
      tx,
      auth,
      {
        action: body.status === 'archive' ? 'question_archived' : 'question_status_changed',
        entityType: 'customized_question',
        entityId: row.id,
        details: { status: body.status },
      },
      ip,
    );
    return questionView(row);
  });
}

/** POST /restorecustomizedquestion: back on the donor form with the status it had. */
export async function restoreQuestion(
  deps: Deps,
  auth: Auth,
  id: number,
  ip: string,
): Promise<CustomQuestion> {
  return deps.db.transaction(async (tx) => {
    const current = await ownQuestion(tx, auth, id);
    const row = await repo.updateQuestion(tx, current.id, {
      isActive: true,
      updatedBy: auth.userId,
      updatedAt: deps.clock.now(),
    });
    await audit(
      tx,
      auth,
      { action: 'question_restored', entityType: 'customized_question', entityId: row.id },
      ip,
    );
    return questionView(row);
  });
}

/**
 * The donor and the staff of the donor's own center fill in the donor's answers; anyone else
 * (another center's staff included) gets 404 as for a donor they cannot see.
 */
async function answerableDonorCenter(db: Db, auth: Auth, donorId: number): Promise<number> {
  await assertDonorVisible(db, auth, donorId);
  const centerId = await repo.donorCenterOf(db, donorId);
  if (centerId === undefined) throw notFound();
  if (!canAnswerFor(auth, { centerId })) throw notFound();
  return centerId;
}

/** GET /getcustomizedquestiondetails/{id}: the active questions of the donor's center with the donor's answers. */
export async function donorQuestions(deps: Deps, auth: Auth, donorId: number): Promise<DonorQuestion[]> {
  const centerId = await answerableDonorCenter(deps.db, auth, donorId);
  const [questions, answers] = await Promise.all([
    repo.questionsOfCenter(deps.db, centerId),
    repo.answersOf(deps.db, donorId),
  ]);
  const byQuestion = new Map(answers.map((a) => [a.questionId, a.answer]));
  await audit(deps.db, auth, {
    action: 'donor.read',
    entityType: 'donor',
    entityId: donorId,
    centerId,
    details: { section: 'customized_answers' },
  });
  return questions
    .filter((q) => q.isActive)
    .map((q) => ({ ...questionView(q), answer: byQuestion.get(q.id) ?? '' }));
}

/**
 * POST /submitcustomizedanswers: the answers of one tab. Every active question of the tab is
 * checked against its type and options, and a required one must be answered (a question left
 * out counts as unanswered). Problems come back per question in data, keyed by question id.
 */
export async function submitAnswers(
  deps: Deps,
  auth: Auth,
  body: SubmitAnswersBody,
  ip: string,
): Promise<number> {
  return deps.db.transaction(async (tx) => {
    const centerId = await answerableDonorCenter(tx, auth, body.donorId);
    const questions = await repo.activeQuestionsOnTab(tx, centerId, body.tab);
    const onTab = new Map(questions.map((q) => [q.id, q]));
    const given = new Map(body.userAnswers.map((a) => [a.questionId, a.answer]));
    const problems: Record<number, string> = {};
    for (const id of given.keys()) if (!onTab.has(id)) problems[id] = MSG.ANSWER_UNKNOWN_QUESTION;
    for (const q of questions) {
      const problem = answerProblem(
        { type: q.type as QuestionType, isRequired: q.isRequired, options: q.options },
        given.get(q.id) ?? '',
      );
      if (problem) problems[q.id] = problem;
    }
    const ids = Object.keys(problems);
    if (ids.length > 0) throw new AppError(400, problems[Number(ids[0])]!, { answers: problems });
    const stored = questions
      .filter((q) => given.has(q.id))
      .map((q) => ({
        questionId: q.id,
        question: q.question,
        answer: answerText(given.get(q.id)!),
        isRequired: q.isRequired,
        tab: q.tab,
      }));
    await repo.upsertAnswers(
      tx,
      body.donorId,
      stored.filter((s) => s.answer !== ''),
    );
    await repo.deleteAnswers(
      tx,
      body.donorId,
      stored.filter((s) => s.answer === '').map((s) => s.questionId),
    );
    await audit(
      tx,
      auth,
      {
        action: 'donor.write',
        entityType: 'donor',
        entityId: body.donorId,
        centerId,
        details: { section: 'customized_answers', tab: body.tab, questions: stored.map((s) => s.questionId) },
      },
      ip,
    );
    return stored.length;
  });
}
