import { describe, expect, it } from 'vitest';
import { Readiness } from '../../platform/readiness.js';
import { body, startTestApp } from '../../test/harness.js';

/** Log lines of an app, parsed. */
function logLines() {
  const lines: Record<string, unknown>[] = [];
  return { lines, stream: { write: (line: string) => void lines.push(JSON.parse(line)) } };
}

describe('GET /api/health/live and /api/health/ready', () => {
  it('live answers while the process runs; ready waits for the start steps, then the database', async () => {
    const readiness = new Readiness({ ready: false });
    const log = logLines();
    const t = await startTestApp({}, { readiness, logStream: log.stream });
    try {
      const live = await t.request({ method: 'GET', url: '/api/health/live', as: null });
      expect(live.statusCode).toBe(200);
      expect(body(live)).toMatchObject({ status: 'success' });

      const starting = await t.request({ method: 'GET', url: '/api/health/ready', as: null });
      expect(starting.statusCode).toBe(503);
      expect(body(starting).data).toEqual({ db: 'up', waitingFor: ['migrations', 'search index'] });

      readiness.markMigrated();
      const loading = await t.request({ method: 'GET', url: '/api/health/ready', as: null });
      expect(body<{ waitingFor: string[] }>(loading).data.waitingFor).toEqual(['search index']);

      readiness.markSearchIndexLoaded();
      const ready = await t.request({ method: 'GET', url: '/api/health/ready', as: null });
      expect(ready.statusCode).toBe(200);
      expect(body(ready)).toEqual({ status: 'success', message: '', data: { db: 'up', waitingFor: [] } });

      readiness.markStopping();
      const stopping = await t.request({ method: 'GET', url: '/api/health/ready', as: null });
      expect(stopping.statusCode).toBe(503);
      expect(body<{ waitingFor: string[] }>(stopping).data.waitingFor).toEqual(['shutting down']);

      // Quiet when OK: only the 503 answers reached the request log.
      const logged = log.lines
        .filter((l) => l.msg === 'request completed')
        .map((l) => [(l.req as { url: string }).url, (l.res as { statusCode: number }).statusCode]);
      expect(logged).toEqual([
        ['/api/health/ready', 503],
        ['/api/health/ready', 503],
        ['/api/health/ready', 503],
      ]);
    } finally {
      await t.close();
    }
  });

  it('ready answers 503 when the database does not answer; live still 200', async () => {
    const t = await startTestApp();
    await t.database.close();
    const ready = await t.request({ method: 'GET', url: '/api/health/ready', as: null });
    expect(ready.statusCode).toBe(503);
    expect(body(ready).data).toEqual({ db: 'down', waitingFor: ['database'] });
    expect((await t.request({ method: 'GET', url: '/api/health/live', as: null })).statusCode).toBe(200);
    await t.app.close();
  });
});
