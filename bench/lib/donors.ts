import { performance } from 'node:perf_hooks';
import { MATCH_MSG, ROLE, type SearchRequestInput } from '@dm/shared';
import { sql } from 'drizzle-orm';
import { users } from '../../apps/api/src/db/schema/index.js';
import { donorSearchIndex } from '../../apps/api/src/modules/search/search.index.js';
import { type Bench, ok } from './context.js';
import { collectGarbage, measure } from './measure.js';

// Donor pages: details and PDF, search, concurrent match requests.

// Donor details: the whole redacted donor page for staff and for a client.
export async function details({ app, database, token, results, loginToken }: Bench): Promise<void> {
  const { rows } = (await database.db.execute(
    "select d.user_id as id from donors d join users u on u.id = d.user_id where d.center_id = 1 and d.availability = 'Available' and u.status <> 'Archived' and u.username like '%@synthetic.test' order by d.user_id limit 1",
  )) as unknown as { rows: { id: number }[] };
  const donorId = rows[0]!.id;
  const parentToken = await loginToken('parent@demo.test');
  for (const [who, t] of [
    ['admin', token],
    ['client', parentToken],
  ] as const) {
    results.push(
      await measure(`GET /api/getdonordetails/{id} (${who})`, 200, async () => {
        ok(
          await app.inject({
            method: 'GET',
            url: `/api/getdonordetails/${donorId}`,
            headers: { 'x-access-token': t },
          }),
          'getdonordetails',
        );
      }),
    );
  }
  // The donor PDF: the same page laid out with pdfkit (goal < 500 ms), for a donor with
  // the most pictures a PDF embeds: eight more copies of the default photo make ten.
  await database.db.execute(
    sql`insert into donor_pictures (donor_id, storage_key, content_type, size_bytes, caption, position)
        select donor_id, storage_key, content_type, size_bytes, 'Bench photo', 10 + g
        from donor_pictures, generate_series(1, 8) g where donor_id = ${donorId} and is_default`,
  );
  for (const [who, t] of [
    ['admin', token],
    ['client', parentToken],
  ] as const) {
    let images = -1;
    results.push(
      await measure(`POST /api/getpdffromhtml (${who}, full profile)`, 40, async () => {
        const res = await app.inject({
          method: 'POST',
          url: '/api/getpdffromhtml',
          headers: { 'x-access-token': t },
          payload: { id: donorId },
        });
        ok(res, 'getpdffromhtml');
        images = res.json().data.images;
      }),
    );
    if (images !== 10) throw new Error(`getpdffromhtml (${who}) embedded ${images} pictures: check DATA_DIR`);
  }
}

// Donor search as an intended parent: 10 representative filter combinations, distance and
// text search included. Each is measured alone and all together (the median and p95 over all).
export async function search({ app, database, donorCount, results, loginToken }: Bench): Promise<void> {
  // The in-process search index (search.index.ts): its load at server start, and its live heap.
  {
    const gc = collectGarbage();
    gc();
    const heapBefore = process.memoryUsage().heapUsed;
    const start = performance.now();
    const index = donorSearchIndex(database.db);
    await index.sync();
    const ms = performance.now() - start;
    gc();
    const heapMb = (process.memoryUsage().heapUsed - heapBefore) / (1024 * 1024);
    results.push({
      name: `search index load at start (${index.size} donors, live heap +${heapMb.toFixed(1)} MB)`,
      runs: 1,
      p50: ms,
      p95: ms,
      max: ms,
    });
  }
  const parentToken = await loginToken('parent@demo.test');
  const SEARCHES: [string, SearchRequestInput][] = [
    ['defaults (Newest)', {}],
    ['eye colour + hair colour', { eyecolor: ['Blue', 'Green'], haircolor: ['Blonde', 'Brown'] }],
    [
      'race + ethnicity (any of)',
      { race: ['White'], ethnicity: ['Caucasian', 'Ashkenazi Jewish'], ethCondition: 'OR' },
    ],
    [
      'height 5\'6"+ sorted by height',
      { minHeightFeet: 5, minHeightInches: 6, sortby: 'Height', orderby: 'desc' },
    ],
    ['zip 10001 within 250 mi, by distance', { zipcode: '10001', distance: 250, sortby: 'Distance' }],
    [
      'zip 90001 within 1000 mi + availability',
      { zipcode: '90001', distance: 1000, donoravailability: ['Available'] },
    ],
    ['text "new"', { globalSearch: 'new' }],
    [
      'text + education + college degree',
      { globalSearch: 'ma', educationlevel: ["Bachelor's Degree Completed"], college_degree: true },
    ],
    [
      'ACT 25-36, GPA 3.2+, AMH 2-8',
      { minact: 25, maxact: 36, mingpa: 3.2, maxgpa: 4, minamhscore: 2, maxamhscore: 8 },
    ],
    [
      'all ages, 100 a page, page 3, by views',
      { minage: 18, maxage: 60, recordcount: 100, currentPage: 3, sortby: 'Views' },
    ],
  ];
  // BENCH_SEARCH_RUNS=n repeats each search n times (30 by default) after 5 warm-up calls.
  const SEARCH_RUNS = Number(process.env.BENCH_SEARCH_RUNS ?? 30);
  const allSearchTimes: number[] = [];
  for (const [name, payload] of SEARCHES) {
    let calls = 0;
    const result = await measure(`POST /api/getdonorlist: ${name}`, SEARCH_RUNS, async () => {
      const start = performance.now();
      ok(
        await app.inject({
          method: 'POST',
          url: '/api/getdonorlist',
          headers: { 'x-access-token': parentToken },
          payload,
        }),
        `getdonorlist ${name}`,
      );
      // measure() warms up with 5 calls first; the overall figures leave them out too.
      if (++calls > 5) allSearchTimes.push(performance.now() - start);
    });
    results.push(result);
  }
  allSearchTimes.sort((a, b) => a - b);
  const q = (p: number) =>
    allSearchTimes[Math.min(allSearchTimes.length - 1, Math.floor(p * allSearchTimes.length))]!;
  if (allSearchTimes.length > 0) {
    results.push({
      name: `donor search, all ${SEARCHES.length} combinations (${donorCount} donors)`,
      runs: allSearchTimes.length,
      p50: q(0.5),
      p95: q(0.95),
      max: allSearchTimes[allSearchTimes.length - 1]!,
    });
  }
}

// Match requests: 50 intended parents request the same donor at once. The donor row
// lock must hold the queue size (3 at the main center): exactly 3 succeed, the rest are told the
// queue is full, nothing fails with a server error, and the donor's queue count says 3.
export async function match({ app, database, results, loginToken }: Bench): Promise<void> {
  const managerToken = await loginToken('manager@demo.test');
  const { rows } = (await database.db.execute(
    "select d.user_id as id from donors d join users u on u.id = d.user_id where d.center_id = 1 and d.availability = 'Available' and d.donation_count < 5 and d.queue_count = 0 and not exists (select 1 from matches m where m.donor_id = d.user_id) and u.username like '%@synthetic.test' order by d.user_id desc limit 1",
  )) as unknown as { rows: { id: number }[] };
  const donorId = rows[0]!.id;
  const parents = await database.db
    .insert(users)
    .values(
      Array.from({ length: 50 }, (_, i) => ({
        // Unique per run: a reused database keeps the parents of earlier runs.
        username: `bench-parent-${Date.now()}-${i}@bench.test`,
        role: ROLE.CLIENT,
        status: 'Active',
        centerId: 1,
        firstName: 'Bench',
        lastName: `Parent ${i}`,
      })),
    )
    .returning({ id: users.id });
  const start = performance.now();
  const answers = await Promise.all(
    parents.map(async (p) => {
      const t0 = performance.now();
      const res = await app.inject({
        method: 'POST',
        url: '/api/startmatchrequest',
        headers: { 'x-access-token': managerToken },
        payload: { donor_id: donorId, parent_id: p.id },
      });
      return { res, ms: performance.now() - t0 };
    }),
  );
  const wall = performance.now() - start;
  const accepted = answers.filter((a) => a.res.statusCode === 200).length;
  const refused = answers.filter(
    (a) => a.res.statusCode === 400 && a.res.json().message === MATCH_MSG.QUEUE_FULL,
  ).length;
  const [{ n: queued }] = (
    (await database.db.execute(
      sql`select queue_count::int as n from donors where user_id = ${donorId}`,
    )) as unknown as { rows: { n: number }[] }
  ).rows as [{ n: number }];
  if (accepted !== 3 || refused !== 47 || queued !== 3) {
    throw new Error(`match limits broken: ${accepted} accepted, ${refused} refused, queue_count ${queued}`);
  }
  const times = answers.map((a) => a.ms).sort((a, b) => a - b);
  results.push({
    name: `50 concurrent POST /api/startmatchrequest on one donor (3 accepted, 47 queue full; wall ${wall.toFixed(0)} ms)`,
    runs: times.length,
    p50: times[Math.floor(times.length / 2)]!,
    p95: times[Math.floor(times.length * 0.95)]!,
    max: times[times.length - 1]!,
  });
}
