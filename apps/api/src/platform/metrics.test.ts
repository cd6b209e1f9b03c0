import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox } from '../db/schema/index.js';
import { startTestApp, type TestApp } from '../test/harness.js';
import { bearerMatches } from './metrics.js';

const TOKEN = 'scrape-token-0123456789';

/** The value of one sample line (`name{labels} value`) of a scrape, or undefined. */
function sample(text: string, line: string): number | undefined {
  const found = text.split('\n').find((l) => l.startsWith(`${line} `));
  return found === undefined ? undefined : Number(found.slice(line.length + 1));
}

describe('GET /metrics without METRICS_TOKEN', () => {
  it('is not served: 404, even where the web app answers every other path', async () => {
    const webDist = mkdtempSync(path.join(tmpdir(), 'dm-metrics-web-'));
    writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>app</title>');
    const t = await startTestApp({ webDist });
    try {
      expect((await t.request({ method: 'GET', url: '/somepage', as: null })).statusCode).toBe(200);
      const res = await t.request({
        method: 'GET',
        url: '/metrics',
        headers: { authorization: `Bearer ${TOKEN}` },
        as: null,
      });
      expect(res.statusCode).toBe(404);
      expect(res.headers['content-type']).toMatch(/json/);
      expect(t.app.metrics).toBeNull();
    } finally {
      await t.close();
    }
  });
});

describe('GET /metrics with METRICS_TOKEN', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ metricsToken: TOKEN });
  });
  afterAll(() => t.close());

  const scrape = (authorization?: string) =>
    t.request({
      method: 'GET',
      url: '/metrics',
      headers: authorization === undefined ? {} : { authorization },
      as: null,
    });

  it('asks for the bearer token: none or a wrong one is 401', async () => {
    for (const wrong of [undefined, `Bearer ${TOKEN}x`, `Bearer ${TOKEN.slice(1)}`, TOKEN, 'Basic abc']) {
      const res = await scrape(wrong);
      expect(res.statusCode).toBe(401);
      expect(res.headers['www-authenticate']).toBe('Bearer');
      expect(res.body).not.toContain('http_request');
    }
    const res = await scrape(`Bearer ${TOKEN}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
  });

  it('times each request under its route pattern, never its raw URL', async () => {
    const states = await t.request({ method: 'GET', url: '/api/getallstates/233', as: null });
    await t.request({ method: 'GET', url: '/api/nope/55?q=secret', as: null });
    const text = (await scrape(`Bearer ${TOKEN}`)).body;
    expect(
      sample(
        text,
        `http_request_duration_seconds_count{route="/api/getallstates/:countryId",method="GET",status_code="${states.statusCode}"}`,
      ),
    ).toBe(1);
    expect(
      sample(text, 'http_request_duration_seconds_count{route="unmatched",method="GET",status_code="404"}'),
    ).toBe(1);
    expect(text).not.toContain('/api/getallstates/233');
    expect(text).not.toContain('secret');
    // The scrape itself is the one request in flight while it is answered.
    expect(sample(text, 'http_requests_in_flight')).toBe(1);
  });

  it('has the process, database, job, outbox, search index and socket gauges', async () => {
    t.app.metrics!.jobPassed('mail-delivery', true);
    t.app.metrics!.jobPassed('mail-delivery', false);
    t.app.metrics!.watchJobs(() => [{ job: 'mail-delivery', seconds: 2.5 }]);
    const text = (await scrape(`Bearer ${TOKEN}`)).body;
    for (const name of [
      'process_resident_memory_bytes',
      'nodejs_heap_size_used_bytes',
      'nodejs_eventloop_lag_seconds',
      'db_pool_connections_in_use',
      'db_pool_waiting',
      'mail_outbox_depth',
      'mail_outbox_oldest_age_seconds',
      'text_outbox_depth',
      'text_outbox_oldest_age_seconds',
      'search_index_rows',
      'socket_connections',
    ]) {
      expect(sample(text, name), name).toBeTypeOf('number');
    }
    expect(text).toContain('# TYPE search_index_lag_seconds gauge');
    expect(sample(text, 'job_runs_total{job="mail-delivery",result="ok"}')).toBe(1);
    expect(sample(text, 'job_runs_total{job="mail-delivery",result="failed"}')).toBe(1);
    expect(sample(text, 'job_oldest_due_age_seconds{job="mail-delivery"}')).toBe(2.5);
    expect(sample(text, 'db_pool_waiting')).toBe(0);
  });

  it('counts outbox rows waiting and the search index once loaded', async () => {
    const before = sample((await scrape(`Bearer ${TOKEN}`)).body, 'mail_outbox_depth')!;
    await t.db.insert(mailOutbox).values({ toAddress: 'waiting@demo.test', status: 'pending' });
    const { donorSearchIndex } = await import('../modules/search/search.index.js');
    await donorSearchIndex(t.db).sync();
    const text = (await new Promise((r) => setTimeout(r, 1100)).then(() => scrape(`Bearer ${TOKEN}`))).body;
    expect(sample(text, 'mail_outbox_depth')).toBe(before + 1);
    expect(sample(text, 'mail_outbox_oldest_age_seconds')).toBeGreaterThanOrEqual(0);
    expect(sample(text, 'search_index_rows')).toBeGreaterThan(0);
    expect(sample(text, 'search_index_lag_seconds')).toBe(0);

    // A donor changed since the index's last look: it is behind by the time since that look.
    await t.db.execute(
      sql`update donor_search set user_id = user_id where user_id = (select min(user_id) from donor_search)`,
    );
    await new Promise((r) => setTimeout(r, 1100));
    const behind = sample((await scrape(`Bearer ${TOKEN}`)).body, 'search_index_lag_seconds')!;
    expect(behind).toBeGreaterThan(1);
    await donorSearchIndex(t.db).sync();
    await new Promise((r) => setTimeout(r, 1100));
    expect(sample((await scrape(`Bearer ${TOKEN}`)).body, 'search_index_lag_seconds')).toBe(0);
  });

  it('compares the token in constant time, whatever the lengths', () => {
    expect(bearerMatches(`Bearer ${TOKEN}`, TOKEN)).toBe(true);
    expect(bearerMatches(`Bearer ${TOKEN}${TOKEN}`, TOKEN)).toBe(false);
    expect(bearerMatches(undefined, TOKEN)).toBe(false);
  });
});
