/**
 * Whether this process should be sent requests (GET /api/health/ready): main.ts marks each step of
 * its start as done, and the graceful shutdown marks the process as stopping before it drains, so a
 * load balancer sends new requests elsewhere while the ones in flight finish here. The database
 * answering is checked by the route on each probe; this holds what only the process knows.
 */
export class Readiness {
  private migrated: boolean;
  private searchIndexLoaded: boolean;
  private stopping = false;

  /** `ready`: every start step already done (tests, tools that build an app after their own start). */
  constructor(opts: { ready: boolean }) {
    this.migrated = opts.ready;
    this.searchIndexLoaded = opts.ready;
  }

  markMigrated(): void {
    this.migrated = true;
  }

  markSearchIndexLoaded(): void {
    this.searchIndexLoaded = true;
  }

  /** From the first moment of a shutdown: never ready again. */
  markStopping(): void {
    this.stopping = true;
  }

  get isStopping(): boolean {
    return this.stopping;
  }

  /** What still keeps the process from being ready, in words for the probe's answer; empty when ready. */
  waitingFor(): string[] {
    const waiting: string[] = [];
    if (this.stopping) waiting.push('shutting down');
    if (!this.migrated) waiting.push('migrations');
    if (!this.searchIndexLoaded) waiting.push('search index');
    return waiting;
  }
}
