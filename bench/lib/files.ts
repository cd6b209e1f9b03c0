import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { type Bench, ok } from './context.js';
import { measure } from './measure.js';

// Files: the portfolio spreadsheet and a chunked video upload.

// Portfolio download: the .xlsx of a 150-donor portfolio (goal: under 500 ms). The
// consumer center's case manager sees every center's donors, so 150 fit the template.
export async function xlsx({ app, database, results, loginToken }: Bench): Promise<void> {
  const { rows } = (await database.db.execute(
    sql`with m as (select id from users where username = 'manager111@demo.test'),
      p as (insert into portfolios (center_id, name, status, manager_id, created_by)
        select 111, 'Bench portfolio', 'Active', m.id, m.id from m returning id)
      insert into portfolio_donors (portfolio_id, donor_id, position)
        select p.id, d.user_id, row_number() over (order by d.user_id) - 1
        from p, donors d join users u on u.id = d.user_id
        where u.username like '%@synthetic.test' order by d.user_id limit 150
      returning portfolio_id as id`,
  )) as unknown as { rows: { id: number }[] };
  const portfolioId = rows[0]!.id;
  if (rows.length !== 150) throw new Error(`bench portfolio has ${rows.length} donors, not 150`);
  const managerToken = await loginToken('manager111@demo.test');
  results.push(
    await measure('POST /api/downloadportfolio (150 donors, .xlsx)', 30, async () => {
      const res = await app.inject({
        method: 'POST',
        url: '/api/downloadportfolio',
        headers: { 'x-access-token': managerToken },
        payload: { id: portfolioId, sort: 'order', order: 'asc', isFirstNameVisible: true },
      });
      ok(res, 'downloadportfolio');
      if (!res.json().data?.data) throw new Error('downloadportfolio returned no file');
    }),
  );
}

// Video upload: a 200 MB video in 3,072,000-byte chunks as the donor, then the
// assembly and content check. The server streams chunks to disk, so its memory must stay flat:
// the peak RSS growth over the whole upload is reported (sampled every 10 ms).
export async function video({ app, results, loginToken }: Bench): Promise<void> {
  const donorToken = await loginToken('newdonor@demo.test');
  const headers = { 'x-access-token': donorToken };
  const me = await app.inject({ method: 'GET', url: '/api/me', headers });
  ok(me, 'me');
  const donorId: number = me.json().data.userId;
  const size = 200 * 1024 * 1024;
  const started = await app.inject({
    method: 'POST',
    url: `/api/uploaddonorvideo/${donorId}/start`,
    headers,
    payload: { fileName: 'bench.mp4', size },
  });
  ok(started, 'start video upload');
  const { uploadId, chunkSize, totalChunks } = started.json().data as {
    uploadId: string;
    chunkSize: number;
    totalChunks: number;
  };
  // One chunk buffer, reused: an mp4 header at the start, then filler.
  const chunk = Buffer.alloc(chunkSize, 7);
  Buffer.from([0, 0, 0, 0x18]).copy(chunk, 0);
  Buffer.from('ftypmp42', 'latin1').copy(chunk, 4);
  const baseline = process.memoryUsage().rss;
  let peak = baseline;
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 10);
  const times: number[] = [];
  const t0 = performance.now();
  for (let i = 0; i < totalChunks; i++) {
    const length = i < totalChunks - 1 ? chunkSize : size - chunkSize * (totalChunks - 1);
    const c0 = performance.now();
    ok(
      await app.inject({
        method: 'PUT',
        url: `/api/uploaddonorvideo/${donorId}/${uploadId}/${i}`,
        headers: { ...headers, 'content-type': 'application/octet-stream' },
        payload: chunk.subarray(0, length),
      }),
      `chunk ${i}`,
    );
    times.push(performance.now() - c0);
  }
  const sentMs = performance.now() - t0;
  const c0 = performance.now();
  ok(
    await app.inject({
      method: 'POST',
      url: `/api/uploaddonorvideo/${donorId}/${uploadId}/complete`,
      headers,
    }),
    'complete video upload',
  );
  const completeMs = performance.now() - c0;
  clearInterval(sampler);
  // The 200 MB file is not kept in the data folder.
  const videoId: number = (
    await app.inject({ method: 'GET', url: `/api/donormedia/${donorId}`, headers })
  ).json().data.videos[0].id;
  ok(
    await app.inject({
      method: 'POST',
      url: '/api/deletedonorvideo',
      headers,
      payload: { video_id: videoId, donorId },
    }),
    'delete bench video',
  );
  peak = Math.max(peak, process.memoryUsage().rss);
  const mb = (bytes: number) => bytes / (1024 * 1024);
  console.log(
    `video upload: ${mb(size).toFixed(0)} MB in ${totalChunks} chunks, ${(mb(size) / (sentMs / 1000)).toFixed(1)} MB/s sending, ` +
      `${completeMs.toFixed(0)} ms to assemble and check, peak RSS growth ${mb(peak - baseline).toFixed(1)} MB ` +
      `(rss ${mb(baseline).toFixed(0)} -> ${mb(peak).toFixed(0)} MB)`,
  );
  times.sort((a, b) => a - b);
  results.push({
    name: `PUT video chunk (200 MB in ${totalChunks}: ${(mb(size) / (sentMs / 1000)).toFixed(1)} MB/s; complete ${completeMs.toFixed(0)} ms; peak RSS growth ${mb(peak - baseline).toFixed(1)} MB)`,
    runs: times.length,
    p50: times[Math.floor(times.length / 2)]!,
    p95: times[Math.floor(times.length * 0.95)]!,
    max: times[times.length - 1]!,
  });
}
