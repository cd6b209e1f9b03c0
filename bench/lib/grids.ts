import { performance } from 'node:perf_hooks';
import { SAVABLE_TABS } from '@dm/shared';
import { sql } from 'drizzle-orm';
import { type Bench, ok } from './context.js';
import { collectGarbage, measure } from './measure.js';

// Staff grids and their CSV exports, then the donor form's tab saves.

// Staff donor list: the /viewdonor grid page (goal under 50 ms per page on PostgreSQL)
// and the streamed CSV export of every donor of the center, read over a real socket so the
// response is consumed as it streams; rows/s and the process's RSS growth during the export.
export async function donorGrid({ app, database, token, results, loginToken }: Bench): Promise<void> {
  const { rows: top } = (await database.db.execute(
    sql`select center_id as id, count(*)::int as n from donors where not archived
      group by center_id order by n desc limit 1`,
  )) as unknown as { rows: { id: number; n: number }[] };
  const biggest = top[0]!;
  const adminName = biggest.id === 1 ? 'admin@demo.test' : `admin${biggest.id}@demo.test`;
  // A new login ends the user's other session: the main admin keeps the token it has.
  const adminToken = adminName === 'admin@demo.test' ? token : await loginToken(adminName);
  const gridCases: [string, Record<string, unknown>][] = [
    ['newest first, page 1', {}],
    ['by name, page 50', { sort: 'name', ord: 'asc', from: 980, to: 1000 }],
    ['Available, by priority', { donor_availability: ['Available'], sort: 'priority' }],
    ['search "donor1"', { search: 'donor1' }],
    ['only donors with matches', { matched_only: true }],
  ];
  for (const [label, body] of gridCases) {
    results.push(
      await measure(`POST /api/getdonorbycenter (${biggest.n} donors in center; ${label})`, 100, async () => {
        const res = await app.inject({
          method: 'POST',
          url: '/api/getdonorbycenter',
          headers: { 'x-access-token': adminToken },
          payload: body,
        });
        ok(res, 'getdonorbycenter');
      }),
    );
  }

  // Read over a real socket, so the response is consumed as it streams. Two runs: one timed, one
  // that collects garbage every 100 ms and keeps the largest live heap (what the export holds,
  // not the garbage V8 has not collected yet); flat memory = the same live heap whatever the size.
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  const exportCsv = async (sample?: () => void) => {
    const sampler = sample ? setInterval(sample, 100) : undefined;
    const started = performance.now();
    const res = await fetch(`${address}/api/getdonorbycentercsv`, {
      headers: { 'x-access-token': adminToken },
    });
    if (res.status !== 200 || !res.body) throw new Error(`getdonorbycentercsv answered ${res.status}`);
    let lines = 0;
    let bytes = 0;
    for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
      bytes += chunk.byteLength;
      for (const b of chunk) if (b === 10) lines++;
    }
    clearInterval(sampler);
    const rows = lines - 1;
    if (rows !== biggest.n) throw new Error(`CSV has ${rows} rows, the center ${biggest.n} donors`);
    return { rows, bytes, seconds: (performance.now() - started) / 1000 };
  };
  const rssBefore = process.memoryUsage().rss;
  let rssPeak = rssBefore;
  const timed = await exportCsv(() => {
    rssPeak = Math.max(rssPeak, process.memoryUsage().rss);
  });
  const gc = collectGarbage();
  gc();
  const heapBefore = process.memoryUsage().heapUsed;
  let heapPeak = heapBefore;
  await exportCsv(() => {
    gc();
    heapPeak = Math.max(heapPeak, process.memoryUsage().heapUsed);
  });
  const mbOf = (n: number) => (n / 1e6).toFixed(1);
  console.log(
    `CSV export: ${timed.rows} rows, ${mbOf(timed.bytes)} MB in ${timed.seconds.toFixed(2)} s = ` +
      `${Math.round(timed.rows / timed.seconds)} rows/s; RSS growth ${mbOf(rssPeak - rssBefore)} MB; ` +
      `largest live heap during the export ${mbOf(heapPeak - heapBefore)} MB over the heap before it`,
  );
  results.push({
    name: `GET /api/getdonorbycentercsv (${timed.rows} rows, streamed; live heap +${mbOf(heapPeak - heapBefore)} MB)`,
    runs: 1,
    p50: timed.seconds * 1000,
    p95: timed.seconds * 1000,
    max: timed.seconds * 1000,
  });
}

// Users grids: 10,000 more users in the main center (every role and status, two
// thirds of the clients with a case manager), then a page of each grid with its filters
// (goal: under 50 ms a page on PostgreSQL) and the streamed CSV of every user of the center.
export async function userGrids({ app, database, token, results }: Bench): Promise<void> {
  const seedStart = performance.now();
  await database.db.execute(sql`
    insert into users (center_id, role, status, username, first_name, last_name, contact_no, manager_id, created_at)
    select 1,
      (array[9, 9, 9, 9, 6, 7, 2])[1 + i % 7],
      (array['Active', 'Active', 'Pre-Active', 'Archived', 'Invited'])[1 + i % 5],
      'bench-user-' || i || '@bench.test',
      (array['Ava', 'Ben', 'Cleo', 'Dev', 'Eli', 'Fay', 'Gus', 'Hana', 'Ira', 'Jo'])[1 + i % 10],
      'Benchuser' || i,
      '212555' || lpad((i % 10000)::text, 4, '0'),
      case when i % 7 < 4 and i % 3 > 0 then (select id from users where username = 'manager@demo.test') end,
      now() - (i || ' minutes')::interval
    from generate_series(1, 10000) as i
    on conflict do nothing`);
  await database.db.execute(sql`analyze users`);
  console.log(`setup: 10000 more users in ${((performance.now() - seedStart) / 1000).toFixed(1)} s`);
  const grid = (url: string, payload: Record<string, unknown>) => async () => {
    const res = await app.inject({ method: 'POST', url, headers: { 'x-access-token': token }, payload });
    ok(res, url);
  };
  const GRIDS: [string, string, Record<string, unknown>][] = [
    ['all users, first page by name', '/api/getallusers', {}],
    ['all users, page 200 by name desc', '/api/getallusers', { from: 4000, ord: 'desc' }],
    [
      'all users, Archived intended parents by created',
      '/api/getallusers',
      { user_status: 'Archived', user_type_id: 9, sort: 'createdAt', ord: 'desc' },
    ],
    ['all users, search "benchuser12"', '/api/getallusers', { search: 'benchuser12' }],
    ['intended parents by case manager', '/api/getallintendedparents', { sort: 'manager' }],
    ['case managers', '/api/getallcasemanagers', {}],
    ['clients to assign (unassigned)', '/api/getclientstobeassign', { scope: 'unassigned' }],
  ];
  for (const [name, url, payload] of GRIDS) {
    results.push(await measure(`POST ${url}: ${name} (10,000 more users)`, 50, grid(url, payload)));
  }
  let csvRows = 0;
  results.push(
    await measure('POST /api/getalluserscsv: every user of the center, streamed', 5, async () => {
      const res = await app.inject({
        method: 'POST',
        url: '/api/getalluserscsv',
        headers: { 'x-access-token': token },
        payload: {},
      });
      ok(res, 'getalluserscsv');
      csvRows = res.body.split('\r\n').length - 2;
    }),
  );
  console.log(`users CSV: ${csvRows} rows`);
}

// The donor form: the time to save each tab, read first and saved unchanged by the
// admin (one transaction: the tab's rows rewritten, the search words rebuilt, an audit row).
export async function donorForm({ app, database, token, results }: Bench): Promise<void> {
  const { rows } = (await database.db.execute(
    "select d.user_id as id from donors d join users u on u.id = d.user_id where d.center_id = 1 and d.availability = 'Available' and u.username like '%@synthetic.test' order by d.user_id desc limit 1",
  )) as unknown as { rows: { id: number }[] };
  const donorId = rows[0]!.id;
  for (const tabName of SAVABLE_TABS) {
    const read = await app.inject({
      method: 'POST',
      url: '/api/getdonorformdetails',
      headers: { 'x-access-token': token },
      payload: { tabName, userId: donorId },
    });
    ok(read, `getdonorformdetails ${tabName}`);
    const formData = read.json().data.data;
    results.push(
      await measure(`POST /api/updatedonorformdetails (${tabName})`, 40, async () => {
        ok(
          await app.inject({
            method: 'POST',
            url: '/api/updatedonorformdetails',
            headers: { 'x-access-token': token },
            payload: { tabName, userId: donorId, formData },
          }),
          `updatedonorformdetails ${tabName}`,
        );
      }),
    );
  }
}
