import { type EducationResource, MSG_EDUCATION, ROLE } from '@dm/shared';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, educationResources } from '../../db/schema/index.js';
import { body, startTestApp, type TestApp } from '../../test/harness.js';
import { userMaker } from '../../test/user-fixtures.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const ADMIN = 'admin111@demo.test';
const CLIENT = 'parent111@demo.test';
const ADMIN85 = 'admin85@demo.test';

const post = (url: string, payload: Record<string, unknown>, as?: string) =>
  t.request({ method: 'POST', url: `/api/${url}`, payload, as });
const list = async (type: string, as: string) => {
  const res = await t.request({ method: 'GET', url: `/api/educationresources/${type}`, as });
  return { res, rows: body<EducationResource[]>(res).data };
};
const makeUser = userMaker(() => t, { prefix: 'edu', status: 'Active', lastName: 'Education' });

const ARTICLE = {
  type: 'articles',
  title: 'Preparing for your consultation',
  summary: 'Questions to ask.',
  body: 'Bring your questions.\n\nWrite them down first.',
  link: '',
  published: false,
};

async function add(over: Record<string, unknown> = {}, as = ADMIN): Promise<EducationResource> {
  const res = await post('saveeducationresource', { ...ARTICLE, ...over }, as);
  expect(res.statusCode, JSON.stringify(body(res))).toBe(200);
  return body<EducationResource>(res).data;
}

describe('education resources: who may call', () => {
  it('answers 401 to anonymous callers', async () => {
    expect((await t.request({ method: 'GET', url: '/api/educationresources/articles' })).statusCode).toBe(
      401,
    );
    for (const url of ['saveeducationresource', 'reordereducationresources', 'publisheducationresource'])
      expect((await post(url, {})).statusCode, url).toBe(401);
    expect((await post('deleteeducationresource', { id: 1 })).statusCode).toBe(401);
  });

  it('lets clients read and the agency admin write; case managers, the master and donors get 403', async () => {
    for (const who of ['manager111@demo.test', 'master@demo.test', 'donor@demo.test'])
      expect((await list('articles', who)).res.statusCode, who).toBe(403);
    const res = await post('saveeducationresource', ARTICLE, CLIENT);
    expect(res.statusCode).toBe(403);
    const seeded = (await list('articles', ADMIN)).rows[0]!;
    for (const [url, payload] of [
      ['publisheducationresource', { id: seeded.id, published: false }],
      ['deleteeducationresource', { id: seeded.id }],
      ['reordereducationresources', { type: 'articles', ids: [seeded.id] }],
    ] as const)
      expect((await post(url, payload, CLIENT)).statusCode, url).toBe(403);
  });

  it("keeps another center's resources unseen: 404 to its admin, absent from its clients' lists", async () => {
    const seeded = (await list('articles', ADMIN)).rows[0]!;
    expect((await post('saveeducationresource', { ...ARTICLE, id: seeded.id }, ADMIN85)).statusCode).toBe(
      404,
    );
    expect(
      (await post('publisheducationresource', { id: seeded.id, published: false }, ADMIN85)).statusCode,
    ).toBe(404);
    expect((await post('deleteeducationresource', { id: seeded.id }, ADMIN85)).statusCode).toBe(404);
    expect((await list('articles', ADMIN85)).rows).toEqual([]);
    expect((await list('articles', 'parent85@demo.test')).rows).toEqual([]);
    // Naming another center's resource in an order is refused like any unknown id.
    const mine = await add({ published: true }, ADMIN85);
    const res = await post(
      'reordereducationresources',
      { type: 'articles', ids: [mine.id, seeded.id] },
      ADMIN85,
    );
    expect(res.statusCode).toBe(400);
    expect(body(res).message).toBe(MSG_EDUCATION.ORDER);
  });
});

describe('education resources: input', () => {
  it('refuses bad input with the message', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ type: 'podcasts' }, MSG_EDUCATION.TYPE],
      [{ title: '  ' }, MSG_EDUCATION.TITLE],
      [{ title: 'x'.repeat(201) }, MSG_EDUCATION.TITLE_LONG],
      [{ summary: 'x'.repeat(501) }, MSG_EDUCATION.SUMMARY_LONG],
      [{ link: 'javascript:alert(1)' }, MSG_EDUCATION.LINK],
      [{ link: 'ftp://files.example.com/a' }, MSG_EDUCATION.LINK],
      [{ link: '/relative/path' }, MSG_EDUCATION.LINK],
      [{ body: '', link: '' }, MSG_EDUCATION.CONTENT],
      [{ type: 'videos', body: 'Text only', link: '' }, MSG_EDUCATION.VIDEO_LINK],
      [{ type: 'faqs', body: '', link: 'https://example.com' }, MSG_EDUCATION.FAQ_ANSWER],
    ];
    for (const [over, message] of cases) {
      const res = await post('saveeducationresource', { ...ARTICLE, ...over }, ADMIN);
      expect(res.statusCode, message).toBe(400);
      expect(body(res).message).toBe(message);
    }
    const unknownType = await t.request({
      method: 'GET',
      url: '/api/educationresources/podcasts',
      as: CLIENT,
    });
    expect(unknownType.statusCode).toBe(400);
    expect(body(unknownType).message).toBe(MSG_EDUCATION.TYPE);
  });

  it('keeps markup as text: what an admin types is stored and answered as typed, never as HTML', async () => {
    const r = await add({ title: '<img src=x onerror=alert(1)>', body: '<script>alert(1)</script>' });
    expect(r.title).toBe('<img src=x onerror=alert(1)>');
    expect(r.body).toBe('<script>alert(1)</script>');
    await post('deleteeducationresource', { id: r.id }, ADMIN);
  });
});

describe('education resources: managing and reading', () => {
  it('the admin adds a draft, publishes it and the clients read it; unpublished it is gone again', async () => {
    const before = (await list('guides', ADMIN)).rows;
    const draft = await add({ type: 'guides', title: 'A new guide', link: 'https://example.com/guide' });
    expect(draft.position).toBe(Math.max(-1, ...before.map((r) => r.position)) + 1);
    expect((await list('guides', CLIENT)).rows.some((r) => r.id === draft.id)).toBe(false);

    const published = await post('publisheducationresource', { id: draft.id, published: true }, ADMIN);
    expect(published.statusCode).toBe(200);
    expect(body(published).message).toBe(MSG_EDUCATION.PUBLISHED);
    const read = (await list('guides', CLIENT)).rows.find((r) => r.id === draft.id);
    expect(read).toMatchObject({ title: 'A new guide', link: 'https://example.com/guide', published: true });
    // A client of another center never sees it.
    await makeUser({ role: ROLE.CLIENT, centerId: 85 });
    expect((await list('guides', `edu${makeUser.count}@users.test`)).rows).toEqual([]);

    const hidden = await post('publisheducationresource', { id: draft.id, published: false }, ADMIN);
    expect(body(hidden).message).toBe(MSG_EDUCATION.UNPUBLISHED);
    expect((await list('guides', CLIENT)).rows.some((r) => r.id === draft.id)).toBe(false);

    const audits = await t.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(and(eq(auditLog.entityType, 'education_resource'), eq(auditLog.entityId, String(draft.id))));
    expect(audits.map((a) => a.action)).toEqual([
      'education_resource_added',
      'education_resource_published',
      'education_resource_unpublished',
    ]);
  });

  it("edits a resource, and moving it to another type puts it at that type's end", async () => {
    const r = await add({ title: 'To be moved' });
    const faqs = (await list('faqs', ADMIN)).rows;
    const res = await post(
      'saveeducationresource',
      { ...ARTICLE, id: r.id, type: 'faqs', title: 'Moved?', body: 'Yes.' },
      ADMIN,
    );
    expect(res.statusCode).toBe(200);
    expect(body<EducationResource>(res).data).toMatchObject({
      id: r.id,
      type: 'faqs',
      title: 'Moved?',
      position: Math.max(...faqs.map((f) => f.position)) + 1,
    });
    expect((await list('articles', ADMIN)).rows.some((x) => x.id === r.id)).toBe(false);
    const [entry] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'education_resource_edited'), eq(auditLog.entityId, String(r.id))));
    expect(entry!.details).toMatchObject({ changed: ['type', 'title', 'body'] });
  });

  it('reorders every resource of a type, and refuses an order that leaves one out or names one twice', async () => {
    const a = await add({ type: 'videos', title: 'Video A', link: 'https://example.com/a' });
    const b = await add({ type: 'videos', title: 'Video B', link: 'https://example.com/b' });
    const ids = (await list('videos', ADMIN)).rows.map((r) => r.id);
    for (const bad of [ids.slice(1), [...ids, ids[0]!], [...ids.slice(1), 999_999]]) {
      const res = await post('reordereducationresources', { type: 'videos', ids: bad }, ADMIN);
      expect(res.statusCode).toBe(400);
      expect(body(res).message).toBe(MSG_EDUCATION.ORDER);
    }
    const reversed = [...ids].reverse();
    const res = await post('reordereducationresources', { type: 'videos', ids: reversed }, ADMIN);
    expect(res.statusCode).toBe(200);
    expect(body<EducationResource[]>(res).data.map((r) => r.id)).toEqual(reversed);
    expect(body<EducationResource[]>(res).data.map((r) => r.position)).toEqual(reversed.map((_, i) => i));
    expect((await list('videos', ADMIN)).rows.map((r) => r.id)).toEqual(reversed);
    expect(reversed.indexOf(b.id)).toBeLessThan(reversed.indexOf(a.id));
  });

  it('deletes a resource', async () => {
    const r = await add({ title: 'Short-lived' });
    const res = await post('deleteeducationresource', { id: r.id }, ADMIN);
    expect(res.statusCode).toBe(200);
    expect(body(res).message).toBe(MSG_EDUCATION.DELETED);
    expect(await t.db.select().from(educationResources).where(eq(educationResources.id, r.id))).toEqual([]);
    expect((await post('deleteeducationresource', { id: r.id }, ADMIN)).statusCode).toBe(404);
  });

  it('reads the seeded center 111 resources in order, published only for clients', async () => {
    const admin = (await list('articles', ADMIN)).rows;
    const client = (await list('articles', CLIENT)).rows;
    expect(admin.some((r) => !r.published)).toBe(true);
    expect(client.every((r) => r.published)).toBe(true);
    expect(client.map((r) => r.title).slice(0, 2)).toEqual([
      'How egg donation works',
      'Choosing a donor: what to look for',
    ]);
  });
});
