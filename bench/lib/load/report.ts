import type { CannonResult } from './cannon.js';
import type { ProbeReading } from './processes.js';

// The load section's tables: one row per target, then the issue's goals met or not.

export interface Row {
  name: string;
  result: CannonResult;
  /** The bare Fastify row's req/s, for the ratio (absent on the bare row itself). */
  bareRps: number | null;
  /** The probe's readings over the run, one per server process. */
  probes: ProbeReading[];
  /** PostgreSQL backends' CPU over the run (µs), when it could be read (db-cpu.ts). */
  dbCpuMicros?: number | null;
}

const mb = (bytes: number) => bytes / (1024 * 1024);
const fixed = (n: number, digits = 1) => (Number.isFinite(n) ? n.toFixed(digits) : '-');

export const eldP99 = (row: Row) => Math.max(...row.probes.map((p) => p.eld.p99));
/** The busiest process's share of time in GC pauses, and the longest pause of any. */
const gcShare = (row: Row) => Math.max(...row.probes.map((p) => p.gc.share));
const gcMax = (row: Row) => Math.max(...row.probes.map((p) => p.gc.max));
export const rssMax = (row: Row) => Math.max(...row.probes.map((p) => p.rss.max));
/** The server processes' CPU time (user + system) over the run per request answered, in µs. */
export const apiCpuPerRequest = (row: Row) =>
  row.probes.reduce((sum, p) => sum + p.cpuMicros, 0) / Math.max(1, row.result.requests);
const dbCpuPerRequest = (row: Row) =>
  row.dbCpuMicros == null ? Number.NaN : row.dbCpuMicros / Math.max(1, row.result.requests);
export const ratio = (row: Row) => (row.bareRps ? row.result.rps / row.bareRps : 1);

export function table(rows: Row[]): string {
  const lines = [
    '| target | req/s | p50 ms | p99 ms | ratio to bare | API CPU µs/req | PostgreSQL CPU µs/req | ELD p99 ms | GC time, longest pause | RSS max MB | non-2xx / errors |',
    '|---|---|---|---|---|---|---|---|---|---|---|',
  ];
  for (const row of rows) {
    const r = row.result;
    lines.push(
      `| ${row.name} | ${fixed(r.rps, 0)} | ${fixed(r.p50, 0)} | ${fixed(r.p99, 0)} | ${
        row.bareRps ? `${fixed(ratio(row) * 100)}%` : '-'
      } | ${fixed(apiCpuPerRequest(row), 0)} | ${fixed(dbCpuPerRequest(row), 0)} | ${fixed(eldP99(row))} | ${fixed(gcShare(row) * 100)}%, ${fixed(gcMax(row))} ms | ${row.probes.map((p) => fixed(mb(p.rss.max), 0)).join(' + ')} | ${r.non2xx} / ${r.errors + r.timeouts} |`,
    );
  }
  return lines.join('\n');
}

export interface Goal {
  goal: string;
  measured: string;
  met: boolean;
}

/** The name of the floor's row (floor.mjs): a reference like bare Fastify, not the API. */
export const FLOOR = 'floor:';

/** The issue's goals (2 cores, PostgreSQL, 100,000 donors, 50 connections, 20 s). */
export function goalRows(rows: Row[], idleRss: number[]): Goal[] {
  const find = (prefix: string) => rows.find((r) => r.name.startsWith(prefix));
  const goals: Goal[] = [];
  const search = find('POST /api/getdonorlist');
  if (search) {
    goals.push({
      goal: 'search >= 1,000 req/s',
      measured: fixed(search.result.rps, 0),
      met: search.result.rps >= 1000,
    });
    goals.push({
      goal: 'search p99 < 100 ms',
      measured: fixed(search.result.p99, 0),
      met: search.result.rps > 0 && search.result.p99 < 100,
    });
    const floor = find(FLOOR);
    goals.push({
      goal: 'search >= 5% of bare',
      measured: `${fixed(ratio(search) * 100)}%${floor ? ` (the floor: ${fixed(ratio(floor) * 100)}%)` : ''}`,
      met: ratio(search) >= 0.05,
    });
  }
  const health = find('GET /api/health');
  if (health)
    goals.push({
      goal: 'health >= 50% of bare',
      measured: `${fixed(ratio(health) * 100)}%`,
      met: ratio(health) >= 0.5,
    });
  const me = find('GET /api/me');
  if (me)
    goals.push({ goal: 'me >= 25% of bare', measured: `${fixed(ratio(me) * 100)}%`, met: ratio(me) >= 0.25 });
  const idle = Math.max(...idleRss);
  goals.push({
    goal: 'RSS idle (at rest) <= 250 MB',
    measured: `${fixed(mb(idle), 0)} MB`,
    met: mb(idle) <= 250,
  });
  const served = rows.filter((r) => r.bareRps !== null && !r.name.startsWith(FLOOR));
  const loaded = Math.max(...served.map(rssMax));
  goals.push({
    goal: 'RSS under load <= 250 MB',
    measured: `${fixed(mb(loaded), 0)} MB`,
    met: mb(loaded) <= 250,
  });
  const eld = Math.max(...served.map(eldP99));
  goals.push({
    goal: 'event-loop delay p99 <= 10 ms',
    measured: `${fixed(eld)} ms (worst target)`,
    met: eld <= 10,
  });
  return goals;
}

export function goalTable(goals: Goal[]): string {
  return [
    '| goal | measured | met |',
    '|---|---|---|',
    ...goals.map((g) => `| ${g.goal} | ${g.measured} | ${g.met ? 'yes' : 'NO'} |`),
  ].join('\n');
}

export const megabytes = (bytes: number) => `${fixed(mb(bytes), 0)} MB`;
