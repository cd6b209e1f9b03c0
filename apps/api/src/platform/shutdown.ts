import type { FastifyInstance } from 'fastify';

/** Something main.ts started that must stop before the database closes (the job runners). */
export interface Stoppable {
  stop(): Promise<void>;
}

/**
 * The process's answer to SIGTERM and SIGINT, in the order a load balancer needs: first the
 * readiness probe answers 503 while the process keeps serving for `drainMs` (SHUTDOWN_DRAIN_MS),
 * long enough for the balancer to see it and send new requests elsewhere; then the background
 * jobs stop, the listener closes while every request in flight is answered (Fastify's close waits
 * for them; new ones get 503, and a connection attempt is refused, which the proxy retries on
 * another process), the database closes, exit 0. A second signal while closing changes nothing.
 * A step that fails is logged and the process exits 1 rather than hang.
 */
export function gracefulShutdown(deps: {
  app: FastifyInstance;
  jobs: readonly (Stoppable | null)[];
  database: { close(): Promise<void> };
  readiness?: { markStopping(): void };
  drainMs?: number;
  exit?: (code: number) => void;
}): (signal: string) => Promise<void> {
  const exit = deps.exit ?? ((code: number) => process.exit(code));
  let closing: Promise<void> | null = null;
  return (signal) => {
    closing ??= (async () => {
      deps.readiness?.markStopping();
      const drainMs = deps.drainMs ?? 0;
      deps.app.log.info(`${signal}: shutting down${drainMs > 0 ? ` after a drain of ${drainMs} ms` : ''}`);
      try {
        if (drainMs > 0) await new Promise((resolve) => setTimeout(resolve, drainMs));
        await Promise.all(deps.jobs.map((job) => job?.stop()));
        // Fastify closes the idle keep-alive connections as it starts closing; a connection whose
        // request was in flight goes idle only after its answer and would hold the close until
        // the keep-alive timeout (72 s). Close each one as it goes idle.
        const sweep = setInterval(() => deps.app.server.closeIdleConnections(), 50);
        try {
          await deps.app.close();
        } finally {
          clearInterval(sweep);
        }
        await deps.database.close();
      } catch (error) {
        deps.app.log.error({ err: error }, 'shutdown failed');
        exit(1);
        return;
      }
      exit(0);
    })();
    return closing;
  };
}
