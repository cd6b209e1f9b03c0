import { MAX_ROW_ID } from '@dm/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { body, startTestApp, type TestApp } from './harness.js';
import {
  describePayload,
  type FieldRef,
  fieldsOf,
  isIdName,
  isStringField,
  listRoutes,
  reactivate,
  routeName,
  SWEEP_CALLERS,
  type SweepRoute,
  sampleRequest,
  sweepCallers,
  toInject,
  withField,
} from './openapi-sweep.js';

/**
 * Every field of every route of the OpenAPI document that names a stored row (by its name:
 * isIdName) takes a whole number from 1 to its key's largest only: each bad value below answers
 * 400 with a message naming the field, as a caller allowed on the route, never a 5xx (a number
 * past the column's range used to reach the query and fail there) nor a 2xx. A field whose name
 * looks like an id but holds text is listed in TEXT_IDS, and one that names a bigserial row in
 * BIG_IDS, so a row id declared as text or without the serial bound cannot slip by.
 */
let t: TestApp;
let callerOf: (route: SweepRoute) => string | null;

beforeAll(async () => {
  t = await startTestApp();
  callerOf = await sweepCallers(t);
});
afterAll(() => t.close());

/** JSON numbers in a body; their text in a path or a query string. */
const BAD_IDS: [string, number][] = [
  ['1e308', 1e308],
  ['1.5', 1.5],
  ['-1', -1],
  ['2**53', 2 ** 53],
];
/** One past PostgreSQL's integer, a `serial` key's type: sent to every id but a bigserial's. */
const PAST_SERIAL: [string, number] = ['2**31', MAX_ROW_ID + 1];

/**
 * Fields named like ids that are text by design: codes, display ids and names typed by people,
 * other services' ids and upload keys. `<route> <part>.<path>`; a name missing from the document
 * fails the sweep, so the list cannot go stale silently.
 */
const TEXT_IDS = [
  // ISO country and state codes
  'GET /api/getallstates/{countryId} params.countryId',
  'GET /api/getallcities/{stateId}/{countryId} params.countryId',
  'GET /api/getallcities/{stateId}/{countryId} params.stateId',
  // donor display ids (the grids' and the agency's own), searched as typed; a user's name or e-mail
  'POST /api/getdonorlist body.donor_id',
  'POST /api/savesearch body.filters.donor_id',
  'PUT /api/savesearch body.filters.donor_id',
  'POST /api/getdonorid body.filters.donor_id',
  'POST /api/requestdonordetailsaccess body.displayId',
  'POST /api/sharedonortomanager body.display_id',
  'DELETE /api/harddeletedonor/{id} body.typed_id',
  'GET /api/searchdonorbyid query.id',
  'POST /api/checkagencydonorid body.displayId',
  'GET /api/auditlog query.donor',
  'GET /api/auditlog query.user',
  // the mapping screens' item keys (eye_color, race, ...)
  'GET /api/getdatafromtables/{id} params.id',
  'POST /api/getfieldtobemapped body.id',
  'POST /api/updatemappingfield body.id',
  'POST /api/updatemappingfielde body.id',
  // a browser's key for a message it may send twice; resumable video uploads
  'POST /api/savemessagetodb body.clientMessageId',
  'GET /api/uploaddonorvideo/{id}/{uploadId} params.uploadId',
  'DELETE /api/uploaddonorvideo/{id}/{uploadId} params.uploadId',
  'PUT /api/uploaddonorvideo/{id}/{uploadId}/{index} params.uploadId',
  'POST /api/uploaddonorvideo/{id}/{uploadId}/complete params.uploadId',
  // Twilio's and Stripe's ids
  'POST /api/updateagencytwiliophonenumber body.twilioAccountSid',
  'POST /api/payment-services/subscription body.subscriptionId',
  'POST /api/payment-services/pay body.paymentMethodId',
  'POST /api/payment-services/pay body.paymentIntentId',
];

/** Fields that name a `bigserial` row (notifications, chat messages): keys up to MAX_SAFE_INTEGER. */
const BIG_IDS = [
  'GET /api/readnotificationbyid/{id} params.id',
  'GET /api/getnotificationdata/{id} params.id',
  'POST /api/archivenotification body.notification_id',
  'POST /api/sendemailtousers body.messageId',
  'POST /api/sendtextmessagetousers body.messageId',
];

const fieldName = (route: SweepRoute, field: FieldRef) =>
  `${routeName(route)} ${field.part}.${field.path.join('.')}`;

interface Failure {
  field: string;
  value: string;
  status: number;
  answer: string;
}

type Answer = ReturnType<typeof body<{ fields?: { field: string }[] } | null>>;

/** Whether a 400 refused this field (and not only another field of a sample the route rejects). */
function refusesField(answer: Answer, field: FieldRef): boolean {
  if (!answer.data?.fields) return true;
  const path = field.path.join('.');
  return answer.data.fields.some((f) => f.field === path || f.field.startsWith(`${path}.`));
}

describe('ids on every route of the OpenAPI document', () => {
  it('past the key range, a fraction or a negative answers 400 naming the field', {
    timeout: 300_000,
  }, async () => {
    const routes = listRoutes(t.app);
    expect(routes.length).toBeGreaterThan(200);
    const failures: Failure[] = [];
    const textIds: string[] = [];
    const bigIds: string[] = [];
    const noCaller: string[] = [];
    let requests = 0;
    const started = performance.now();
    for (const route of routes) {
      const ids = fieldsOf(route).filter((f) => isIdName(f.name));
      for (const field of ids) {
        if (isStringField(field)) textIds.push(fieldName(route, field));
        if (field.schema.maximum === Number.MAX_SAFE_INTEGER) bigIds.push(fieldName(route, field));
      }
      if (!ids.length) continue;
      const username = callerOf(route);
      if (!('public' in route.access) && !username) {
        noCaller.push(routeName(route));
        continue;
      }
      const token = username ? await t.freshToken(username) : null;
      const sample = sampleRequest(route);
      let succeeded = false;
      for (const field of ids) {
        const name = fieldName(route, field);
        if (TEXT_IDS.includes(name)) continue;
        for (const [label, value] of BIG_IDS.includes(name) ? BAD_IDS : [...BAD_IDS, PAST_SERIAL]) {
          requests++;
          const request = withField(sample, field, field.part === 'body' ? value : String(value));
          const res = await t.request({ ...toInject(route, request), as: token });
          const answer = res.json() as Answer;
          if (res.statusCode < 400) succeeded = true;
          if (res.statusCode !== 400 || !answer.message || !refusesField(answer, field)) {
            failures.push({
              field: name,
              value: label,
              status: res.statusCode,
              answer: describePayload(answer.message ?? res.body),
            });
          }
        }
      }
      // A call that went through may have archived or locked its caller: later routes need them Active.
      if (succeeded) await reactivate(t.db, SWEEP_CALLERS);
    }
    const seconds = Math.round((performance.now() - started) / 1000);
    console.info(`openapi ids: ${requests} requests in ${seconds} s`);
    expect({
      noCaller,
      staleTextIds: TEXT_IDS.filter((name) => !textIds.includes(name)),
      // Declared up to MAX_SAFE_INTEGER: a bigserial's key, or an id that does not use idSchema.
      bigIds: bigIds.filter((name) => !BIG_IDS.includes(name)),
      staleBigIds: BIG_IDS.filter((name) => !bigIds.includes(name)),
      failures,
    }).toEqual({ noCaller: [], staleTextIds: [], bigIds: [], staleBigIds: [], failures: [] });
  });

  it("the statistics' center as the master admin: 400 'Center id is invalid.'", async () => {
    const routes = [
      'usercountbymonth',
      'portfolioCountByMonth',
      'getcasemanagersdetails',
      'donoravailabilitycount',
      'portfolioscount',
      'donorstypescount',
      'usercountbeforecurrentyear',
      'portfoliocountbeforecurrentyear',
    ];
    const answers: string[] = [];
    for (const route of routes) {
      for (const [label, value] of [...BAD_IDS, PAST_SERIAL]) {
        const res = await t.request({
          method: 'POST',
          url: `/api/${route}`,
          payload: { center_id: value },
          as: 'master@demo.test',
        });
        answers.push(`${route} ${label}: ${res.statusCode} ${body(res).message}`);
      }
      // A center that exists, and 0 for every center, still answer.
      for (const center of [1, 0]) {
        const res = await t.request({
          method: 'POST',
          url: `/api/${route}`,
          payload: { center_id: center },
          as: 'master@demo.test',
        });
        expect(res.statusCode, `${route} ${center}`).toBe(200);
      }
    }
    expect(answers).toEqual(
      routes.flatMap((route) =>
        [...BAD_IDS, PAST_SERIAL].map(([label]) => `${route} ${label}: 400 Center id is invalid.`),
      ),
    );
  });
});
