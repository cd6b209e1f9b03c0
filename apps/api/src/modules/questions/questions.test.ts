import { type CustomQuestion, type DonorDetails, type DonorQuestion, MSG } from '@dm/shared';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, customizedQuestions, donorCustomAnswers, donors, users } from '../../db/schema/index.js';
import { body, startTestApp, type TestApp } from '../../test/harness.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const ADMIN = 'admin@demo.test'; // center 1
const ADMIN85 = 'admin85@demo.test';
const MANAGER = 'manager@demo.test';
const PARENT = 'parent@demo.test';
const DONOR = 'donor@demo.test';

const post = (url: string, payload: Record<string, unknown>, as?: string) =>
  t.request({ method: 'POST', url, payload, as });
const get = (url: string, as?: string) => t.request({ method: 'GET', url, as });
const idOf = async (username: string) =>
  (await t.db.select({ id: users.id }).from(users).where(eq(users.username, username)))[0]!.id;
const lastAudit = async (action: string) =>
  (
    await t.db.select().from(auditLog).where(eq(auditLog.action, action)).orderBy(desc(auditLog.id)).limit(1)
  )[0];
const stored = async (id: number) =>
  (await t.db.select().from(customizedQuestions).where(eq(customizedQuestions.id, id)))[0]!;

let counter = 0;
const radio = (over: Record<string, unknown> = {}) => ({
  question: `Favourite season ${++counter}?`,
  type: 'radio',
  status: 'public',
  isRequired: true,
  tab: 'miscellaneous',
  options: [
    { text: 'Spring', isDefault: true },
    { text: 'Autumn', isDefault: false },
  ],
  ...over,
});

async function addQuestion(payload: Record<string, unknown>, as = ADMIN): Promise<CustomQuestion> {
  const res = await post('/api/savecustomizedquestion', payload, as);
  expect(res.statusCode, res.body).toBe(200);
  return body<CustomQuestion>(res).data;
}

describe('access', () => {
  const admin: [string, string, Record<string, unknown> | undefined][] = [
    ['GET', '/api/getuserquestions', undefined],
    ['POST', '/api/savecustomizedquestion', radio()],
    ['POST', '/api/updatequestiondetails', { questionId: 1, ...radio() }],
    ['POST', '/api/updatecustomizedquestionstatus', { question_id: 1, status: 'archive' }],
    ['POST', '/api/restorecustomizedquestion', { question_id: 1 }],
  ];
  it.each(admin)('%s %s: anonymous 401, case manager, parent and donor 403', async (method, url, payload) => {
    expect((await t.request({ method: method as 'GET', url, payload })).statusCode).toBe(401);
    for (const as of [MANAGER, PARENT, DONOR, 'master@demo.test']) {
      expect((await t.request({ method: method as 'GET', url, payload, as })).statusCode).toBe(403);
    }
  });

  it('answers: anonymous 401, parent 403', async () => {
    const donorId = await idOf(DONOR);
    const calls = [
      { method: 'GET' as const, url: `/api/getcustomizedquestiondetails/${donorId}` },
      {
        method: 'POST' as const,
        url: '/api/submitcustomizedanswers',
        payload: { donorId, tab: 'miscellaneous', userAnswers: [] },
      },
    ];
    for (const call of calls) {
      expect((await t.request(call)).statusCode).toBe(401);
      expect((await t.request({ ...call, as: PARENT })).statusCode).toBe(403);
    }
  });
});

describe('POST /savecustomizedquestion', () => {
  it('stores the question with its options for the admin center and audits it', async () => {
    const q = await addQuestion(radio({ question: '  What is your   favourite colour? ' }));
    const row = await stored(q.id);
    expect(row).toMatchObject({
      centerId: 1,
      question: 'What is your   favourite colour?',
      type: 'radio',
      status: 'public',
      isRequired: true,
      isActive: true,
      tab: 'miscellaneous',
      options: [
        { text: 'Spring', isDefault: true },
        { text: 'Autumn', isDefault: false },
      ],
    });
    expect((await lastAudit('question_added'))?.entityId).toBe(String(q.id));
  });

  it('defaults to a public textarea on the miscellaneous tab and drops options of text types', async () => {
    const q = await addQuestion({ question: 'Tell us about your hobbies.', options: [{ text: 'x' }] });
    expect(await stored(q.id)).toMatchObject({
      type: 'textarea',
      status: 'public',
      tab: 'miscellaneous',
      options: [],
    });
  });

  it('rejects a duplicate ignoring case and spaces, archived ones included', async () => {
    await addQuestion({ question: 'Do you like dogs?' });
    const res = await post('/api/savecustomizedquestion', { question: 'do you  LIKE dogs ?' }, ADMIN);
    expect(res.statusCode).toBe(400);
    expect(body(res).message).toBe(MSG.QUESTION_DUPLICATE);
    // another center may ask the same
    await addQuestion({ question: 'Do you like dogs?' }, ADMIN85);
  });

  it.each([
    [{ options: [{ text: 'Only one' }] }, MSG.QUESTION_OPTIONS_MIN],
    [{ options: [{ text: 'A' }, { text: '  ' }] }, MSG.QUESTION_OPTION_BLANK],
    [{ options: [{ text: 'Yes' }, { text: ' yes ' }] }, MSG.QUESTION_OPTION_DUPLICATE],
    [{ question: '   ' }, MSG.QUESTION_REQUIRED],
  ])('400 for %j', async (over, message) => {
    const res = await post('/api/savecustomizedquestion', radio(over), ADMIN);
    expect(res.statusCode).toBe(400);
    expect(body(res).message).toContain(message);
  });

  it('404 when naming another center', async () => {
    const res = await post('/api/savecustomizedquestion', radio({ centerId: 85 }), ADMIN);
    expect(res.statusCode).toBe(404);
  });
});

describe('GET /getuserquestions', () => {
  it("lists the admin's center questions only, archived ones flagged", async () => {
    const mine = await addQuestion(radio());
    const theirs = await addQuestion(radio(), ADMIN85);
    await post('/api/updatecustomizedquestionstatus', { question_id: mine.id, status: 'archive' }, ADMIN);
    const list = body<CustomQuestion[]>(await get('/api/getuserquestions', ADMIN)).data;
    expect(list.every((q) => q.centerId === 1)).toBe(true);
    expect(list.find((q) => q.id === mine.id)?.isActive).toBe(false);
    expect(list.some((q) => q.id === theirs.id)).toBe(false);
    expect(list.some((q) => q.question === 'Why do you want to become an egg donor?')).toBe(true);
  });
});

describe('POST /updatequestiondetails', () => {
  it('changes type, text and status, and audits it', async () => {
    const q = await addQuestion(radio());
    const res = await post(
      '/api/updatequestiondetails',
      {
        questionId: q.id,
        ...radio({ question: 'Renamed question?', type: 'checkbox', status: 'staff', isRequired: false }),
      },
      ADMIN,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(await stored(q.id)).toMatchObject({
      question: 'Renamed question?',
      type: 'checkbox',
      status: 'staff',
    });
    expect((await lastAudit('question_updated'))?.entityId).toBe(String(q.id));
  });

  it('may keep its own text but not take another question text', async () => {
    const a = await addQuestion(radio());
    const b = await addQuestion(radio());
    expect(
      (
        await post(
          '/api/updatequestiondetails',
          { questionId: a.id, ...radio({ question: a.question }) },
          ADMIN,
        )
      ).statusCode,
    ).toBe(200);
    const res = await post(
      '/api/updatequestiondetails',
      { ...radio({ question: b.question.toUpperCase() }), questionId: a.id },
      ADMIN,
    );
    expect(res.statusCode).toBe(400);
    expect(body(res).message).toBe(MSG.QUESTION_DUPLICATE);
  });

  it('400 for option rules, 404 for another center question', async () => {
    const q = await addQuestion(radio());
    const bad = await post(
      '/api/updatequestiondetails',
      { questionId: q.id, ...radio({ options: [] }) },
      ADMIN,
    );
    expect(bad.statusCode).toBe(400);
    expect(body(bad).message).toContain(MSG.QUESTION_OPTIONS_MIN);
    const other = await addQuestion(radio(), ADMIN85);
    expect(
      (await post('/api/updatequestiondetails', { questionId: other.id, ...radio() }, ADMIN)).statusCode,
    ).toBe(404);
  });
});

describe('archive and restore', () => {
  it('archives, restores with the status it had, and changes status', async () => {
    const q = await addQuestion(radio({ status: 'private' }));
    const archived = await post(
      '/api/updatecustomizedquestionstatus',
      { question_id: q.id, center_id: 1, status: 'archive' },
      ADMIN,
    );
    expect(archived.statusCode).toBe(200);
    expect(body(archived).message).toBe(MSG.QUESTION_ARCHIVED);
    expect(await stored(q.id)).toMatchObject({ isActive: false, status: 'private' });
    const edit = await post('/api/updatequestiondetails', { questionId: q.id, ...radio() }, ADMIN);
    expect(body(edit).message).toBe(MSG.QUESTION_ARCHIVED_EDIT);

    const restored = await post('/api/restorecustomizedquestion', { question_id: q.id }, ADMIN);
    expect(body(restored).message).toBe(MSG.QUESTION_RESTORED);
    expect(await stored(q.id)).toMatchObject({ isActive: true, status: 'private' });
    expect((await lastAudit('question_restored'))?.entityId).toBe(String(q.id));

    await post('/api/updatecustomizedquestionstatus', { question_id: q.id, status: 'staff' }, ADMIN);
    expect((await stored(q.id)).status).toBe('staff');
  });

  it('400 for an unknown status, 404 for another center', async () => {
    const q = await addQuestion(radio());
    const bad = await post(
      '/api/updatecustomizedquestionstatus',
      { question_id: q.id, status: 'hidden' },
      ADMIN,
    );
    expect(bad.statusCode).toBe(400);
    expect(body(bad).message).toMatch(/status/i);
    expect((await post('/api/restorecustomizedquestion', { question_id: 'x' }, ADMIN)).statusCode).toBe(400);
    const other = await addQuestion(radio(), ADMIN85);
    expect(
      (await post('/api/updatecustomizedquestionstatus', { question_id: other.id, status: 'archive' }, ADMIN))
        .statusCode,
    ).toBe(404);
    expect(
      (
        await post(
          '/api/updatecustomizedquestionstatus',
          { question_id: q.id, center_id: 85, status: 'archive' },
          ADMIN,
        )
      ).statusCode,
    ).toBe(404);
    expect((await post('/api/restorecustomizedquestion', { question_id: other.id }, ADMIN)).statusCode).toBe(
      404,
    );
  });
});

describe('answers', () => {
  it('the donor saves the tab answers, checked against type, options and required', async () => {
    const donorId = await idOf(DONOR);
    const season = await addQuestion(radio({ tab: 'educationDetails' }));
    const hobbies = await addQuestion({
      question: 'Which sports do you play?',
      type: 'checkbox',
      tab: 'educationDetails',
      options: [{ text: 'Tennis' }, { text: 'Golf' }, { text: 'Chess' }],
    });
    const submit = (userAnswers: unknown[], as = DONOR) =>
      post('/api/submitcustomizedanswers', { donorId, tab: 'educationDetails', userAnswers }, as);

    const missing = await submit([{ questionId: hobbies.id, answer: ['Golf'] }]);
    expect(missing.statusCode).toBe(400);
    expect(body(missing).message).toBe(MSG.ANSWER_REQUIRED);
    expect(body<{ answers: Record<string, string> }>(missing).data.answers).toEqual({
      [season.id]: MSG.ANSWER_REQUIRED,
    });
    const notOption = await submit([{ questionId: season.id, answer: 'Winter' }]);
    expect(body(notOption).message).toBe(MSG.ANSWER_NOT_AN_OPTION);
    const wrongTab = await submit([
      { questionId: season.id, answer: 'Spring' },
      { questionId: (await addQuestion(radio())).id, answer: 'Spring' },
    ]);
    expect(body(wrongTab).message).toBe(MSG.ANSWER_UNKNOWN_QUESTION);

    const ok = await submit([
      { questionId: season.id, answer: 'Autumn' },
      { questionId: hobbies.id, answer: ['Tennis', 'Chess'] },
    ]);
    expect(ok.statusCode, ok.body).toBe(200);
    const rows = await t.db
      .select()
      .from(donorCustomAnswers)
      .where(and(eq(donorCustomAnswers.donorId, donorId), eq(donorCustomAnswers.tab, 'educationDetails')));
    expect(rows.map((r) => [r.questionId, r.answer, r.isRequired]).sort()).toEqual(
      [
        [season.id, 'Autumn', true],
        [hobbies.id, 'Tennis, Chess', false],
      ].sort(),
    );

    // the admin of the donor's center may fill it in too; clearing an optional answer removes it
    const byAdmin = await submit(
      [
        { questionId: season.id, answer: 'Spring' },
        { questionId: hobbies.id, answer: [] },
      ],
      ADMIN,
    );
    expect(byAdmin.statusCode, byAdmin.body).toBe(200);
    const read = body<DonorQuestion[]>(await get(`/api/getcustomizedquestiondetails/${donorId}`, DONOR)).data;
    expect(read.find((q) => q.id === season.id)?.answer).toBe('Spring');
    expect(read.find((q) => q.id === hobbies.id)?.answer).toBe('');
    expect((await lastAudit('donor.write'))?.entityId).toBe(String(donorId));
  });

  it('another center admin and another donor get 404; bad input 400', async () => {
    const donorId = await idOf(DONOR);
    const payload = { donorId, tab: 'miscellaneous', userAnswers: [] };
    expect((await post('/api/submitcustomizedanswers', payload, ADMIN85)).statusCode).toBe(404);
    expect((await get(`/api/getcustomizedquestiondetails/${donorId}`, ADMIN85)).statusCode).toBe(404);
    expect((await post('/api/submitcustomizedanswers', payload, 'newdonor@demo.test')).statusCode).toBe(404);
    const bad = await post('/api/submitcustomizedanswers', { ...payload, tab: 'nowhere' }, DONOR);
    expect(bad.statusCode).toBe(400);
    expect(body(bad).message).toMatch(/tab/i);
  });

  it('donor details show answers after the question status', async () => {
    const donorId = await idOf(DONOR);
    const [donor] = await t.db.select().from(donors).where(eq(donors.userId, donorId));
    expect(donor?.centerId).toBe(1);
    const staffOnly = await addQuestion({
      question: 'Staff only question?',
      status: 'staff',
      tab: 'general',
    });
    const priv = await addQuestion({ question: 'Private question?', status: 'private', tab: 'general' });
    const res = await post(
      '/api/submitcustomizedanswers',
      {
        donorId,
        tab: 'general',
        userAnswers: [
          { questionId: staffOnly.id, answer: 'staff answer' },
          { questionId: priv.id, answer: 'private answer' },
        ],
      },
      DONOR,
    );
    expect(res.statusCode, res.body).toBe(200);
    const questionsSeen = async (as: string) =>
      body<DonorDetails>(await get(`/api/getdonordetails/${donorId}`, as)).data.customAnswers.map(
        (a) => a.question,
      );
    const admin = await questionsSeen(ADMIN);
    expect(admin).toEqual(expect.arrayContaining(['Staff only question?', 'Private question?']));
    const parent = await questionsSeen(PARENT);
    expect(parent).toContain('Why do you want to become an egg donor?');
    expect(parent).not.toContain('Staff only question?');
    expect(parent).not.toContain('Private question?');
  });
});
