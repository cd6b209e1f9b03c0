import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DEXI_MSG, type DexiRun, type DexiSource } from '@dm/shared';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dexiSources, donors, jobRuns, users } from '../../db/schema/index.js';
import { body, startTestApp, type TestApp } from '../../test/harness.js';
import { runPendingImports } from '../staff-donors/staff-donors.import.js';
import { runQueuedDexiRuns } from './dexi.jobs.js';

let t: TestApp;
let dataDir: string;
let provider: Server;
let providerUrl: string;
/** What the fake provider answers next: a status and a body. */
let answer: { status: number; body: unknown } = { status: 200, body: {} };
const API_KEY = 'provider-key-0123456789';

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'dm-dexi-'));
  t = await startTestApp({ dataDir });
  provider = createServer((req, res) => {
    const authorized = req.headers.authorization === `Bearer ${API_KEY}`;
    res.writeHead(authorized ? answer.status : 401, { 'content-type': 'application/json' });
    res.end(JSON.stringify(authorized ? answer.body : { error: 'no' }));
  });
  await new Promise<void>((resolve) => provider.listen(0, '127.0.0.1', resolve));
  providerUrl = `http://127.0.0.1:${(provider.address() as AddressInfo).port}/export`;
});
afterAll(async () => {
  await new Promise((resolve) => provider.close(resolve));
  await t.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const MASTER = 'master@demo.test';
const post = (url: string, payload: Record<string, unknown>, as: string | null = MASTER) =>
  t.request({ method: 'POST', url: `/api/${url}`, payload, as });
const get = (url: string, as: string | null = MASTER) => t.request({ method: 'GET', url: `/api/${url}`, as });

/** An export of these donors: [key, email, height]. */
function exportFiles(donorsIn: [string, string, number][], bad = false) {
  const rows = (f: (d: [string, string, number]) => string) => donorsIn.map(f).join('\n');
  return [
    {
      name: 'general.csv',
      content: `donor_key,email,first_name,last_name,date_of_birth,zipcode,city,state\n${rows(
        ([k, e]) => `${k},${e},Ext,${k},1995-04-05,10001,New York,NY`,
      )}${bad ? '\nBAD-1,not-an-email,Bad,Row,,,,' : ''}\n`,
    },
    {
      name: 'physical.csv',
      content: `donor_key,height_cm,weight_kg,eye_color,hair_color,blood_group\n${rows(([k, , h]) => `${k},${h},60,Blue,Blonde,A+`)}${bad ? '\nBAD-1,170,60,,,' : ''}\n`,
    },
    {
      name: 'education.csv',
      content: `donor_key,education_level\n${rows(([k]) => `${k},GED`)}${bad ? '\nBAD-1,' : ''}\n`,
    },
    {
      name: 'status.csv',
      content: `donor_key,availability,donor_type\n${rows(([k]) => `${k},Available,Fresh`)}${bad ? '\nBAD-1,,' : ''}\n`,
    },
  ];
}

function drop(centerId: number, files: { name: string; content: string }[]) {
  const dir = path.join(dataDir, 'dexi', String(centerId));
  mkdirSync(dir, { recursive: true });
  for (const f of files) writeFileSync(path.join(dir, f.name), f.content);
}

/** What the job runner would do: the dexi job, then the import job. */
async function runJobs() {
  await runQueuedDexiRuns({ db: t.db, clock: t.clock }, { config: t.config, secrets: t.secrets });
  await runPendingImports({ db: t.db, clock: t.clock });
}

async function start(centerId: number) {
  const res = await post('executedexirun', { center_id: centerId });
  expect(res.statusCode, res.body).toBe(200);
  return body<DexiRun>(res).data;
}

async function latestRun(centerId: number) {
  const res = await get(`dexiruns/${centerId}`);
  expect(res.statusCode).toBe(200);
  return body<DexiRun[]>(res).data[0]!;
}

const heightOf = async (key: string) => {
  const [row] = await t.db.select().from(donors).where(eq(donors.agencyDisplayId, key));
  return row;
};

describe('access', () => {
  const routes = [
    { method: 'POST' as const, url: '/api/executedexirun', payload: { center_id: 46 } },
    { method: 'GET' as const, url: '/api/dexiruns/46' },
    { method: 'GET' as const, url: '/api/dexisource/46' },
    { method: 'POST' as const, url: '/api/savedexisource', payload: { center_id: 46, kind: 'folder' } },
  ];

  it('answers 401 without a session and 403 to every role but the master admin', async () => {
    for (const r of routes) expect((await t.request({ ...r, as: null })).statusCode, r.url).toBe(401);
    for (const as of ['admin46@demo.test', 'manager46@demo.test', 'parent46@demo.test', 'donor@demo.test'])
      for (const r of routes) expect((await t.request({ ...r, as })).statusCode, `${as} ${r.url}`).toBe(403);
  });

  it('answers 404 for a center that does not exist', async () => {
    for (const r of routes) {
      const url = r.url.replace('46', '9999');
      const payload = r.payload ? { ...r.payload, center_id: 9999 } : undefined;
      expect((await t.request({ ...r, url, payload, as: MASTER })).statusCode, r.url).toBe(404);
    }
  });

  it('answers 400 with the message for bad input', async () => {
    const cases: [string, Record<string, unknown>, string][] = [
      ['executedexirun', { center_id: 'x' }, DEXI_MSG.CENTER],
      ['savedexisource', { center_id: 46, kind: 'ftp' }, DEXI_MSG.KIND],
      ['savedexisource', { center_id: 46, kind: 'http', url: 'file:///etc/passwd' }, DEXI_MSG.URL],
      [
        'savedexisource',
        { center_id: 46, kind: 'http', url: 'https://provider.test/x' },
        DEXI_MSG.API_KEY_REQUIRED,
      ],
    ];
    for (const [url, payload, message] of cases) {
      const res = await post(url, payload);
      expect(res.statusCode, url).toBe(400);
      expect(body(res).message).toBe(message);
    }
    expect((await get('dexiruns/x')).statusCode).toBe(400);
  });
});

describe('a run from the drop folder', () => {
  it('imports the dropped export, counts rows, created and rejected donors, and moves the files away', async () => {
    drop(
      46,
      exportFiles(
        [
          ['EXT-1', 'ext1@dexi.test', 165],
          ['EXT-2', 'ext2@dexi.test', 170],
        ],
        true,
      ),
    );
    const queued = await start(46);
    expect(queued).toMatchObject({
      centerId: 46,
      source: 'folder',
      status: 'queued',
      startedBy: 'Morgan Master',
    });
    // One run at a time per center.
    const again = await post('executedexirun', { center_id: 46 });
    expect(again.statusCode).toBe(400);
    expect(body(again).message).toBe(DEXI_MSG.RUNNING);

    await runJobs();
    const run = await latestRun(46);
    expect(run).toMatchObject({
      id: queued.id,
      status: 'done',
      rowsRead: 12,
      created: 2,
      updated: 0,
      error: null,
    });
    expect(run.rejected).toEqual([
      expect.objectContaining({ donorKey: 'BAD-1', file: 'general.csv', reason: 'Invalid Email address' }),
    ]);
    expect(run.finishedAt).not.toBeNull();
    const dir = path.join(dataDir, 'dexi', '46');
    expect(readdirSync(dir)).toEqual(['processed']);
    expect(readdirSync(path.join(dir, 'processed', String(run.id))).sort()).toHaveLength(4);
    const [account] = await t.db.select().from(users).where(eq(users.username, 'ext1@dexi.test'));
    expect(account).toMatchObject({ centerId: 46, status: 'Invited' });

    const recorded = await t.db
      .select()
      .from(jobRuns)
      .where(and(eq(jobRuns.job, 'dexi-run'), eq(jobRuns.centerId, 46)));
    expect(recorded.map((r) => [r.status, r.processed])).toEqual([['success', 12]]);
  });

  it('updates the donors an earlier run imported instead of rejecting them, keeping their availability', async () => {
    const [donor] = await t.db.select().from(donors).where(eq(donors.agencyDisplayId, 'EXT-1'));
    await t.db.update(donors).set({ availability: 'In Cycle' }).where(eq(donors.userId, donor!.userId));
    drop(
      46,
      exportFiles([
        ['EXT-1', 'ext1@dexi.test', 180],
        ['EXT-3', 'ext3@dexi.test', 160],
      ]),
    );
    await start(46);
    await runJobs();
    expect(await latestRun(46)).toMatchObject({ status: 'done', created: 1, updated: 1, rejected: [] });
    expect(await heightOf('EXT-1')).toMatchObject({ heightCm: 180, availability: 'In Cycle' });
  });

  it('records an empty drop folder as a failed run with its error', async () => {
    await start(46);
    await runJobs();
    const run = await latestRun(46);
    expect(run.status).toBe('failed');
    expect(run.error).toContain(DEXI_MSG.NO_FILES);
    const [last] = (
      await t.db
        .select()
        .from(jobRuns)
        .where(and(eq(jobRuns.job, 'dexi-run'), eq(jobRuns.centerId, 46)))
    ).sort((a, b) => b.id - a.id);
    expect(last).toMatchObject({ status: 'failed', error: run.error });
  });

  it('refuses to start while an upload import of the center waits', async () => {
    const upload = await t.request({
      method: 'POST',
      url: '/api/importdonors',
      as: 'admin46@demo.test',
      payload: { files: exportFiles([['UP-1', 'up1@dexi.test', 170]]) },
    });
    expect(upload.statusCode, upload.body).toBe(200);
    const res = await post('executedexirun', { center_id: 46 });
    expect(res.statusCode).toBe(400);
    expect(body(res).message).toBe(DEXI_MSG.RUNNING);
    await runPendingImports({ db: t.db, clock: t.clock });
  });
});

describe('a run from an HTTP export', () => {
  it('keeps the API key sealed and never shows it', async () => {
    const res = await post('savedexisource', {
      center_id: 85,
      kind: 'http',
      url: providerUrl,
      api_key: API_KEY,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(body<DexiSource>(res).data).toEqual({
      centerId: 85,
      kind: 'http',
      url: providerUrl,
      hasApiKey: true,
      folder: 'DATA_DIR/dexi/85/',
    });
    expect(res.body).not.toContain(API_KEY);
    const [row] = await t.db.select().from(dexiSources).where(eq(dexiSources.centerId, 85));
    expect(row!.apiKeySealed).not.toContain(API_KEY);
    expect(t.secrets.open(row!.apiKeySealed!)).toBe(API_KEY);
    // A blank key keeps the stored one.
    expect((await post('savedexisource', { center_id: 85, kind: 'http', url: providerUrl })).statusCode).toBe(
      200,
    );
    expect((await get('dexisource/85')).body).not.toContain(API_KEY);
  });

  it('imports what the provider sends', async () => {
    answer = { status: 200, body: { files: exportFiles([['HTTP-1', 'http1@dexi.test', 172]]) } };
    expect((await start(85)).source).toBe('http');
    await runJobs();
    expect(await latestRun(85)).toMatchObject({ source: 'http', status: 'done', rowsRead: 4, created: 1 });
    expect(await heightOf('HTTP-1')).toMatchObject({ centerId: 85, heightCm: 172 });
  });

  it('records a failing provider as a failed run, without the key', async () => {
    const host = new URL(providerUrl).host;
    const cases: [() => Promise<unknown>, string][] = [
      [async () => (answer = { status: 500, body: {} }), `${host} answered HTTP 500.`],
      [
        async () => (answer = { status: 200, body: { nothing: true } }),
        `${host} did not send an export (JSON with its files).`,
      ],
      [
        async () => (answer = { status: 200, body: { files: [{ name: 'general.csv', content: 'x' }] } }),
        'The export must have one general, physical, education and status CSV file (races is optional).',
      ],
      [
        () => post('savedexisource', { center_id: 85, kind: 'http', url: providerUrl, api_key: 'wrong-key' }),
        `${host} refused the API key (HTTP 401).`,
      ],
    ];
    for (const [arrange, error] of cases) {
      await arrange();
      await start(85);
      await runJobs();
      const run = await latestRun(85);
      expect(run, error).toMatchObject({ status: 'failed', error });
      expect(JSON.stringify(run)).not.toContain(API_KEY);
    }
  });

  it('asks for an https export URL in production', async () => {
    const prod = await startTestApp({ production: true, dataDir });
    try {
      const res = await prod.request({
        method: 'POST',
        url: '/api/savedexisource',
        as: MASTER,
        payload: { center_id: 85, kind: 'http', url: providerUrl, api_key: API_KEY },
      });
      expect(res.statusCode).toBe(400);
      expect(body(res).message).toBe(DEXI_MSG.URL_HTTPS);
    } finally {
      await prod.close();
    }
  });
});
