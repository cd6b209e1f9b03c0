/**
 * One read shared by the callers that ask for it at about the same time, never older than any
 * of them: a caller joins the read that is queued and not yet started; while a read is running
 * (it may have begun before the caller asked) the caller queues the next one, which starts when
 * the running one ends. Every answer was therefore read after its caller asked, exactly as if
 * each caller had read for itself; under load one read serves every caller of a round trip.
 * Used by the search index's refresh and the donor visibility facts.
 */
export class FreshRead<T> {
  private queued: Promise<T> | null = null;
  private running: Promise<unknown> = Promise.resolve();

  constructor(private readonly read: () => Promise<T>) {}

  get(): Promise<T> {
    if (this.queued) return this.queued;
    const next = this.running.then(() => {
      this.queued = null;
      return this.read();
    });
    this.queued = next;
    this.running = next.catch(() => undefined);
    return next;
  }
}
