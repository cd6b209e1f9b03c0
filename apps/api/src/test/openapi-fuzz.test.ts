import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../db/schema/index.js';
import { body, startTestApp, type TestApp } from './harness.js';
import {
  describePayload,
  fieldsOf,
  isStringField,
  listRoutes,
  reactivate,
  routeName,
  type SampleRequest,
  SWEEP_CALLERS,
  type SweepRoute,
  sampleRequest,
  sweepCallers,
  toInject,
  withField,
} from './openapi-sweep.js';

/**
 * Every route of the app's own OpenAPI document, as a signed-in user of a role
 * allowed on it (anonymously for public ones), gets hostile values in each string field of its
 * params, query and body: a NUL, a lone surrogate, a 1 MB string, a deeply nested array and
 * wrong types. Any 5xx fails, naming the route and the payload. Uploads (multipart bodies, raw
 * video chunks) have no JSON body in the document: their params are fuzzed like every route's,
 * and their text fields get the small multipart cases at the end.
 */
let t: TestApp;
let callerOf: (route: SweepRoute) => string | null;
let syntheticDonorId: number;

beforeAll(async () => {
  t = await startTestApp();
  callerOf = await sweepCallers(t);
  const [donor] = await t.db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.username, 'donor7@synthetic.test'));
  syntheticDonorId = donor!.id;
});
afterAll(() => t.close());

const HOSTILE_TEXT: [string, unknown][] = [
  ['NUL', 'a\u0000b'],
  ['lone surrogate', 'a\uD800b'],
  ['1 MB string', 'a'.repeat(1024 * 1024)],
  ['deeply nested array', JSON.parse(`${'['.repeat(200)}"x"${']'.repeat(200)}`)],
];
const WRONG_TYPES: [string, unknown][] = [
  ['number', 12345],
  ['object', { a: { b: [1, 'x'] } }],
  ['null', null],
];

interface Failure {
  route: string;
  case: string;
  status: number;
  payload: string;
}

describe('hostile input on every route of the OpenAPI document', () => {
  it('never answers 5xx', { timeout: 600_000 }, async () => {
    const routes = listRoutes(t.app);
    expect(routes.length).toBeGreaterThan(200);
    const failures: Failure[] = [];
    const noCaller: string[] = [];
    let requests = 0;
    const started = performance.now();
    for (const route of routes) {
      const username = callerOf(route);
      if (!('public' in route.access) && !username) {
        // None of the sweep's accounts may open it: still swept, anonymously (401 expected).
        noCaller.push(routeName(route));
      }
      // A fresh session per route: a route may end or switch the caller's session.
      const token = username ? await t.freshToken(username) : null;
      const sample = sampleRequest(route, { idFor: () => syntheticDonorId });
      let succeeded = false;
      const send = async (label: string, request: SampleRequest) => {
        requests++;
        const res = await t.request({ ...toInject(route, request), as: token });
        if (res.statusCode < 400) succeeded = true;
        if (res.statusCode >= 500) {
          failures.push({
            route: routeName(route),
            case: label,
            status: res.statusCode,
            payload: describePayload(request),
          });
        }
        return res;
      };
      await send('sample', sample);
      for (const field of fieldsOf(route)) {
        const hostile = isStringField(field) ? [...HOSTILE_TEXT, ...WRONG_TYPES] : WRONG_TYPES.slice(0, 2);
        for (const [label, value] of hostile) {
          // Path and query values are text whatever they hold: wrong types add nothing there.
          if (field.part !== 'body' && WRONG_TYPES.some(([l]) => l === label)) continue;
          const res = await send(
            `${field.part}.${field.path.join('.')}: ${label}`,
            withField(sample, field, value),
          );
          // A lone surrogate cannot travel in a URL (it arrives as U+FFFD); a NUL can.
          const refusable = label === 'NUL' || (label === 'lone surrogate' && field.part === 'body');
          if (refusable && res.statusCode === 200) {
            failures.push({
              route: routeName(route),
              case: `${field.part}.${field.path.join('.')}: ${label} accepted`,
              status: res.statusCode,
              payload: describePayload(body(res).message),
            });
          }
        }
      }
      // The whole body replaced by a deep structure and by a wrong type.
      if (route.body) {
        await send('body: deeply nested object', {
          ...sample,
          body: JSON.parse(`${'{"a":'.repeat(200)}1${'}'.repeat(200)}`),
        });
        await send('body: array', { ...sample, body: [] });
      }
      // A call that went through may have archived, switched or locked an account: restore.
      if (succeeded) await reactivate(t.db, SWEEP_CALLERS);
    }
    const seconds = Math.round((performance.now() - started) / 1000);
    console.info(
      `openapi fuzz: ${routes.length} routes, ${requests} requests in ${seconds} s; swept anonymously (none of the sweep's accounts may open them): ${noCaller.join(', ') || 'none'}`,
    );
    expect(failures).toEqual([]);
  });

  it('multipart text fields of the upload routes: a NUL is refused, a long value is not a 5xx', async () => {
    const routes = listRoutes(t.app).filter((r) => r.upload && r.method === 'POST');
    expect(routes.length).toBe(7);
    const [donor] = await t.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.username, 'donor@demo.test'));
    const token = await t.tokenFor('admin@demo.test');
    for (const route of routes) {
      const sample = sampleRequest(route, { idFor: () => donor!.id });
      for (const value of ['caption\u0000', 'x'.repeat(200_000)]) {
        const boundary = '----fuzz';
        const payload = [
          `--${boundary}`,
          'Content-Disposition: form-data; name="caption"',
          '',
          value,
          `--${boundary}`,
          'Content-Disposition: form-data; name="file"; filename="a.png"',
          'Content-Type: image/png',
          '',
          'not a png',
          `--${boundary}--`,
          '',
        ].join('\r\n');
        const res = await t.request({
          ...toInject(route, sample),
          headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
          payload,
          as: token,
        });
        expect(res.statusCode, `${routeName(route)} ${describePayload(value)}`).toBeLessThan(500);
        if (value.includes('\u0000')) expect(res.statusCode, routeName(route)).toBeGreaterThanOrEqual(400);
      }
    }
  });
});
