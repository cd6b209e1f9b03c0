import type { FastifyInstance } from 'fastify';

/** Something main.ts started that must stop before the database closes (the job runners). */
export interface Stoppable {
  stop(): Promise<void>;
}

/**
 * The process's answer to SIGTERM and SIGINT: stop the background jobs, stop taking requests
 * while answering every one in flight (Fastify's close waits for them; new ones get 503), close
 * the database, exit 0. A second signal while closing changes nothing. A step that fails is
 * logged and the process exits 1 rather than hang.
 */
export function gracefulShutdown(deps: {
  app: FastifyInstance;
  jobs: readonly (Stoppable | null)[];
  database: { close(): Promise<void> };
  exit?: (code: number) => void;
}): (signal: string) => Promise<void> {
  const exit = deps.exit ?? ((code: number) => process.exit(code));
  let closing: Promise<void> | null = null;
  return (signal) => {
    closing ??= (async () => {
      deps.app.log.info(`${signal}: shutting down`);
      try {
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
