import { Writable } from 'node:stream';
import { describeIssue, MSG } from '@dm/shared';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { donors, users } from '../db/schema/index.js';
import { body, startTestApp, type TestApp } from '../test/harness.js';
import { errorSummary, withoutValues } from './log-safe.js';

/**
 * Control characters and lone surrogates are refused with a 400 naming the field
 * (body, query, params, multipart text fields) before anything reaches the database; deep
 * nesting and 1 MB strings answer 4xx; a database error's parameters never reach the log; every
 * built-in validation message names its field.
 */
let t: TestApp;
const lines: string[] = [];
const ADMIN = 'admin@demo.test';
const MANAGER = 'manager@demo.test';
const NEW = 'newdonor@demo.test';
let newId: number;

beforeAll(async () => {
  const logStream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(String(chunk));
      done();
    },
  });
  t = await startTestApp({}, { logStream });
  newId = (await t.db.select({ id: users.id }).from(users).where(eq(users.username, NEW)))[0]!.id;
  await t.db.update(donors).set({ preFormStatus: 1 }).where(eq(donors.userId, newId));
});
afterAll(() => t.close());

const post = (url: string, payload: unknown, as?: string) =>
  t.request({ method: 'POST', url: `/api/${url}`, payload: payload as Record<string, unknown>, as });

const refused = (res: { statusCode: number; json(): unknown }, field: string, label: string) => {
  expect(res.statusCode).toBe(400);
  const message = describeIssue(MSG.INPUT_CONTROL_CHARACTER, [label]);
  expect(body(res as never)).toEqual({
    status: 'error',
    message,
    data: { fields: [{ field, message }] },
  });
};

describe('control characters in any string input', () => {
  it('a NUL in a search body, a zip code search and a question answers 400 naming the field', async () => {
    refused(await post('getdonorlist', { first_name: 'ab\u0000c' }, MANAGER), 'first_name', 'first_name');
    refused(
      await post('getzipcodes', { from: 0, to: 20, search: '1\u0000' }, 'master@demo.test'),
      'search',
      'search',
    );
    refused(
      await post('savecustomizedquestion', { question: 'Why\u0000?', tab: 'general' }, ADMIN),
      'question',
      'question',
    );
  });

  it("the donor form's general tab: a nested field is named with its path", async () => {
    const res = await post(
      'updatedonorformdetails',
      {
        userId: newId,
        tabName: 'general',
        formData: { firstName: 'Nia', deliveries: [{ name: 'x\u0000' }] },
      },
      NEW,
    );
    refused(res, 'formData.deliveries.0.name', 'name');
  });

  it('lone surrogates and other C0 controls and DEL are refused; tab, new line and pairs pass', async () => {
    for (const bad of ['\uD800', 'a\uDC00b', '\u0001', '\u001B[31m', '\u007F', '\u000B']) {
      refused(await post('getdonorlist', { first_name: bad }, MANAGER), 'first_name', 'first_name');
    }
    for (const good of ['a\tb', 'a\nb\r\n', '😀', 'Zoë']) {
      expect((await post('getdonorlist', { first_name: good }, MANAGER)).statusCode).toBe(200);
    }
  });

  it('a control character in an object key is refused too', async () => {
    const res = await post('getdonorlist', { 'first_\u0000name': 'x' }, MANAGER);
    expect(res.statusCode).toBe(400);
    expect(body<{ fields: { field: string }[] }>(res).data.fields[0]!.field).toBe('first_name');
  });

  it('query strings and path params are checked the same way', async () => {
    refused(await t.request({ method: 'GET', url: '/api/searchdonorbyid?id=D-1%00', as: ADMIN }), 'id', 'id');
    refused(
      await t.request({ method: 'GET', url: '/api/getdonorbycentercsv?search=%00', as: ADMIN }),
      'search',
      'search',
    );
    refused(await t.request({ method: 'GET', url: '/api/centerlist/%00', as: ADMIN }), 'status', 'status');
  });

  it('the access rules come first: anonymous 401, wrong role 403', async () => {
    expect((await post('getdonorlist', { first_name: '\u0000' })).statusCode).toBe(401);
    expect((await post('getzipcodes', { search: '\u0000' }, MANAGER)).statusCode).toBe(403);
  });

  it('a multipart text field with a NUL answers 400 naming the field', async () => {
    const boundary = '----bytes';
    const payload = [
      `--${boundary}`,
      'Content-Disposition: form-data; name="caption"',
      '',
      'hello\u0000',
      `--${boundary}`,
      'Content-Disposition: form-data; name="file"; filename="a.png"',
      'Content-Type: image/png',
      '',
      'not really a png',
      `--${boundary}--`,
      '',
    ].join('\r\n');
    const res = await t.request({
      method: 'POST',
      url: `/api/uploaddonorpic/${newId}`,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload,
      as: NEW,
    });
    refused(res, 'caption', 'caption');
  });

  it('deep nesting and 1 MB strings answer 4xx, never 5xx', async () => {
    const json = (payload: string) =>
      t.request({
        method: 'POST',
        url: '/api/getdonorlist',
        headers: { 'content-type': 'application/json' },
        payload,
        as: MANAGER,
      });
    const nested = await json(`{"first_name":${'['.repeat(5000)}"x"${']'.repeat(5000)}}`);
    expect(nested.statusCode).toBe(400);
    expect(body(nested).message).toBe(describeIssue(MSG.INPUT_TOO_DEEP, ['first_name']));
    expect((await json(`${'{"a":'.repeat(5000)}{}${'}'.repeat(5000)}`)).statusCode).toBe(400);
    const mega = 'a'.repeat(1024 * 1024);
    for (const [url, payload, as] of [
      ['getdonorlist', { first_name: mega }, MANAGER],
      ['getzipcodes', { search: mega }, 'master@demo.test'],
      ['savecustomizedquestion', { question: mega, tab: 'general' }, ADMIN],
      ['authenticate', { username: mega, password: mega }, undefined],
      ['authenticate', { username: mega, password: 'Sample1!' }, undefined],
    ] as const) {
      const res = await post(url, payload, as);
      expect(res.statusCode, url).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, url).toBeLessThan(500);
    }
    const huge = await post('getdonorlist', { search: 'a'.repeat(3 * 1024 * 1024) }, MANAGER);
    expect(huge.statusCode).toBe(413);
  });
});

describe('what a database error logs', () => {
  it("a failed query's log line holds no parameter value, only a safe summary and the route", async () => {
    const marker = 'Marker-1987-03-04-61kg';
    // Forces a database error inside a real route: the insert breaks a check constraint, and
    // PostgreSQL's detail ("Failing row contains ...") and drizzle's params carry the text.
    await t.db.execute(
      sql.raw(
        `alter table customized_questions add constraint bytes_test_no_marker check (question not like '%${marker}%')`,
      ),
    );
    lines.length = 0;
    const res = await post('savecustomizedquestion', { question: `Why ${marker}?`, tab: 'general' }, ADMIN);
    expect(res.statusCode).toBe(500);
    expect(body(res).message).toBe('Something went wrong!');
    const failed = lines.map((l) => JSON.parse(l)).filter((l) => l.msg === 'request failed');
    expect(failed).toHaveLength(1);
    expect(JSON.stringify(lines)).not.toContain(marker);
    expect(failed[0]).toMatchObject({
      route: 'POST /api/savecustomizedquestion',
      error: { type: 'DrizzleQueryError', message: 'Failed query.', cause: { code: '23514' } },
    });
    await t.db.execute(sql.raw('alter table customized_questions drop constraint bytes_test_no_marker'));
  });

  it('a request is logged without its query string', async () => {
    lines.length = 0;
    await t.request({ method: 'GET', url: '/api/searchdonorbyid?id=Secret-Name-42', as: ADMIN });
    expect(lines.length).toBeGreaterThan(0);
    expect(lines.join('')).not.toContain('Secret-Name-42');
    expect(lines.join('')).toContain('/api/searchdonorbyid');
  });
});

describe('errorSummary', () => {
  it('keeps class, code and frames, drops the parameters, the detail and quoted values', async () => {
    const secret = '1987-03-04';
    const cause = Object.assign(new Error(`invalid input syntax for type integer: "${secret}"`), {
      code: '22P02',
      severity: 'ERROR',
      detail: `Key (email)=(${secret}) already exists.`,
      table: 'donors',
    });
    const { DrizzleQueryError } = await import('drizzle-orm/errors');
    const error = new DrizzleQueryError('select $1::int', [secret, 'Leeds'], cause);
    const summary = errorSummary(error);
    const text = JSON.stringify(summary);
    expect(text).not.toContain(secret);
    expect(text).not.toContain('Leeds');
    expect(summary).toMatchObject({
      type: 'DrizzleQueryError',
      message: 'Failed query.',
      cause: { code: '22P02', table: 'donors', message: 'invalid input syntax for type integer: "…"' },
    });
    expect(withoutValues(`value too long for type character varying(100) 'x'`)).toBe(
      "value too long for type character varying(100) '…'",
    );
  });
});

describe('validation messages name the field', () => {
  it('one message per kind, from a zod schema parsed anywhere', () => {
    const schema = z.object({
      firstName: z.string().max(3),
      age: z.number().min(18).max(40),
      zipCode: z.string(),
      deliveries: z.array(z.object({ birthWeight: z.number() })),
    });
    const issues = schema.safeParse({ firstName: 'abcd', age: 12, deliveries: [{ birthWeight: 'x' }] }).error!
      .issues;
    expect(issues.map((i) => i.message)).toEqual([
      'First name must be at most 3 characters.',
      'Age must be at least 18.',
      'Zip code is required.',
      'Birth weight is invalid.',
    ]);
    expect(z.object({ age: z.number().max(40) }).safeParse({ age: 41 }).error!.issues[0]!.message).toBe(
      'Age must be at most 40.',
    );
    for (const issue of issues) expect(issue.message).not.toContain('{field}');
  });

  it('the donor form (parsed by its service) answers a named message, not {field}', async () => {
    const res = await post(
      'updatedonorformdetails',
      { userId: newId, tabName: 'general', formData: { firstName: 'N'.repeat(101), lastName: 'Newdonor' } },
      NEW,
    );
    expect(res.statusCode).toBe(400);
    expect(body(res).message).toBe('First name must be at most 100 characters.');
  });
});
