import { createHash, timingSafeEqual } from 'node:crypto';
import type { CronJobKey } from '@dm/shared';
import type { FastifyBaseLogger, FastifyInstance, FastifyRequest } from 'fastify';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { Clock } from './clock.js';
import type { Database } from './db.js';
import { errorSummary } from './log-safe.js';
import { type OutboxBacklog, outboxBacklogs } from './metrics.repo.js';
import type { Realtime } from './realtime.js';

/** Where GET /metrics is served: beside /api, as Prometheus scrapes by default. */
export const METRICS_PATH = '/metrics';

/** What the gauges read when scraped; the wiring (app.ts) gives what platform code may not import. */
export interface MetricSources {
  database: Pick<Database, 'db' | 'connections'>;
  clock: Clock;
  realtime: Pick<Realtime, 'connections'>;
  /** The donor search index (modules/search): its rows, and its lag (null before it loaded). */
  searchIndex(): { rows: number; lagSeconds(): Promise<number | null> };
  log: FastifyBaseLogger;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The app's metrics, null without METRICS_TOKEN (main.ts tells them of the jobs' passes). */
    metrics: AppMetrics | null;
  }
}

const counted = Symbol('counted in flight');
type Counted = FastifyRequest & { [counted]?: true };

/** One read shared by the gauges of one scrape (the outbox query fills four of them). */
function sharedFor<T>(ms: number, read: () => Promise<T>): () => Promise<T> {
  let last: { at: number; value: Promise<T> } | null = null;
  return () => {
    const now = performance.now();
    if (!last || now - last.at > ms) last = { at: now, value: read() };
    return last.value;
  };
}

/**
 * The Prometheus metrics of one app (a registry of its own: tests build many apps in a process).
 * Counters and histograms are counted as things happen; gauges that need a query read it in
 * collect(), so only when scraped. A gauge whose read fails is left without a value for that
 * scrape (and the failure logged): the rest of the scrape still answers.
 */
export class AppMetrics {
  readonly registry = new Registry();
  private readonly duration: Histogram<'route' | 'method' | 'status_code'>;
  private readonly inFlight: Gauge;
  private readonly jobRuns: Counter<'job' | 'result'>;
  private jobDueAges: () => readonly { job: CronJobKey; seconds: number }[] = () => [];

  constructor(sources: MetricSources) {
    const registers = [this.registry];
    collectDefaultMetrics({ register: this.registry });
    this.duration = new Histogram({
      name: 'http_request_duration_seconds',
      help: 'Time to answer a request, by route pattern, method and status',
      labelNames: ['route', 'method', 'status_code'],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers,
    });
    this.inFlight = new Gauge({
      name: 'http_requests_in_flight',
      help: 'Requests being answered',
      registers,
    });
    this.jobRuns = new Counter({
      name: 'job_runs_total',
      help: 'Background job passes run by this process, by job and result (ok, failed)',
      labelNames: ['job', 'result'],
      registers,
    });
    const guarded = (what: string, read: () => Promise<void> | void) => async () => {
      try {
        await read();
      } catch (error) {
        sources.log.warn({ metric: what, error: errorSummary(error) }, 'metric not read');
      }
    };
    const jobDueAges = () => this.jobDueAges();
    new Gauge({
      name: 'job_oldest_due_age_seconds',
      help: "Seconds a job's pending pass has been due without finishing (0 while it waits for its time)",
      labelNames: ['job'],
      registers,
      collect() {
        this.reset();
        for (const { job, seconds } of jobDueAges()) this.set({ job }, seconds);
      },
    });
    new Gauge({
      name: 'db_pool_connections_in_use',
      help: 'Database connections holding a query or transaction',
      registers,
      collect() {
        this.set(sources.database.connections().inUse);
      },
    });
    new Gauge({
      name: 'db_pool_waiting',
      help: 'Queries waiting for a database connection',
      registers,
      collect() {
        this.set(sources.database.connections().waiting);
      },
    });
    const backlogs = sharedFor(1000, () => outboxBacklogs(sources.database.db, sources.clock.now()));
    const backlogGauge = (
      name: string,
      help: string,
      pick: (b: Awaited<ReturnType<typeof backlogs>>) => number,
    ) =>
      new Gauge({
        name,
        help,
        registers,
        async collect() {
          this.reset();
          await guarded(name, async () => this.set(pick(await backlogs())))();
        },
      });
    const depth = (b: OutboxBacklog) => b.depth;
    const oldest = (b: OutboxBacklog) => b.oldestAgeSeconds;
    backlogGauge('mail_outbox_depth', 'E-mails waiting to be sent or being sent', (b) => depth(b.mail));
    backlogGauge('mail_outbox_oldest_age_seconds', 'Age of the oldest e-mail waiting', (b) => oldest(b.mail));
    backlogGauge('text_outbox_depth', 'Text messages waiting to be sent or being sent', (b) => depth(b.text));
    backlogGauge('text_outbox_oldest_age_seconds', 'Age of the oldest text waiting', (b) => oldest(b.text));
    new Gauge({
      name: 'search_index_rows',
      help: 'Donors in the in-memory search index',
      registers,
      collect() {
        this.set(sources.searchIndex().rows);
      },
    });
    new Gauge({
      name: 'search_index_lag_seconds',
      help: 'How far the search index is behind the database (0: nothing written since its last look)',
      registers,
      async collect() {
        this.reset();
        await guarded('search_index_lag_seconds', async () => {
          const lag = await sources.searchIndex().lagSeconds();
          if (lag !== null) this.set(lag);
        })();
      },
    });
    new Gauge({
      name: 'socket_connections',
      help: 'Socket connections open to this process',
      registers,
      collect() {
        this.set(sources.realtime.connections?.() ?? 0);
      },
    });
  }

  /** The job runner's onPass. */
  readonly jobPassed = (job: CronJobKey, ok: boolean): void => {
    this.jobRuns.inc({ job, result: ok ? 'ok' : 'failed' });
  };

  /** Where job_oldest_due_age_seconds reads (the job runner's dueAges). */
  watchJobs(dueAges: () => readonly { job: CronJobKey; seconds: number }[]): void {
    this.jobDueAges = dueAges;
  }

  /** Counts every request: in flight while answered, then its time by route pattern (never the raw URL). */
  installHooks(app: FastifyInstance): void {
    // Synchronous (done): an async hook costs a promise on every request.
    app.addHook('onRequest', (request: Counted, _reply, done) => {
      request[counted] = true;
      this.inFlight.inc();
      done();
    });
    const finished = (request: Counted) => {
      if (!request[counted]) return;
      request[counted] = undefined;
      this.inFlight.dec();
    };
    app.addHook('onResponse', (request: Counted, reply, done) => {
      finished(request);
      this.duration.observe(
        {
          route: request.routeOptions.url ?? 'unmatched',
          method: request.method,
          status_code: String(reply.statusCode),
        },
        reply.elapsedTime / 1000,
      );
      done();
    });
    // A request the client gave up on may never reach onResponse.
    app.addHook('onRequestAbort', (request: Counted, done) => {
      finished(request);
      done();
    });
  }
}

const digest = (s: string) => createHash('sha256').update(s).digest();

/** The bearer token of an Authorization header compared with `token` in constant time. */
export function bearerMatches(header: string | undefined, token: string): boolean {
  const given = header?.startsWith('Bearer ') ? header.slice('Bearer '.length) : '';
  return timingSafeEqual(digest(given), digest(token));
}

/**
 * GET /metrics, with METRICS_TOKEN as its bearer token. Without a token the route still exists, to
 * answer 404 (the web app's fallback would otherwise answer with its page); a wrong or missing
 * token is 401. Returns the app's metrics, null when not served.
 */
export function installMetrics(
  app: FastifyInstance,
  token: string | null,
  sources: () => MetricSources,
): AppMetrics | null {
  const metrics = token ? new AppMetrics(sources()) : null;
  if (metrics) metrics.installHooks(app);
  app.get(
    METRICS_PATH,
    { config: { access: { public: true } }, schema: { hide: true } },
    async (request, reply) => {
      if (!metrics || !token) {
        return reply.code(404).send({ status: 'error', message: 'Not found.', data: null });
      }
      if (!bearerMatches(request.headers.authorization, token)) {
        return reply
          .code(401)
          .header('www-authenticate', 'Bearer')
          .send({ status: 'error', message: 'Unauthorized.', data: null });
      }
      return reply.type(metrics.registry.contentType).send(await metrics.registry.metrics());
    },
  );
  return metrics;
}
