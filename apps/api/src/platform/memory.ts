import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

// Giving memory back after start-up (issue 19, decision 013). The server runs with a 2 x 32 MB
// young generation (`--max-semi-space-size=32`) so a request's garbage dies young under load. But
// loading the search index fills the old generation once, and with the larger young generation no
// full collection follows the load. V8's memory reducer, which shrinks an idle heap and returns its
// pages, starts only after a full collection, so the idle server kept 280-350 MB. One full
// collection after the load frees the load's garbage and starts the reducer, which brings the
// resident size down to about 160 MB within half a minute of idleness.
//
// (Node 20's V8 reads any argument to `gc` as "a young-generation collection only": the options
// object of newer versions, `{ type: 'major' }`, gives a scavenge here. So `gc()` takes none.)

type Gc = () => void;

let gcFunction: Gc | null = null;

/**
 * V8's `gc`, taken from a fresh context created while `--expose-gc` is briefly on, so the app's
 * own global never has it (a stray `gc()` call elsewhere stays impossible). The Node documentation
 * shows this use of `v8.setFlagsFromString`.
 */
function exposedGc(): Gc {
  if (gcFunction) return gcFunction;
  const global = globalThis as { gc?: Gc };
  if (typeof global.gc === 'function') {
    gcFunction = global.gc; // started with --expose-gc (a profiling run)
    return gcFunction;
  }
  setFlagsFromString('--expose-gc');
  try {
    gcFunction = runInNewContext('gc') as Gc;
  } finally {
    setFlagsFromString('--no-expose-gc');
  }
  return gcFunction;
}

/** How long the collection took (ms) and the heap in use before and after it (bytes). */
export type MemoryRelease = { ms: number; usedBefore: number; usedAfter: number };

/**
 * One full collection: unreachable objects freed, and V8's memory reducer started, which gives the
 * emptied pages back once the process is idle. It stops the process while it runs (about 25 ms at
 * 100,000 donors), so it is for the moment after a one-off load, not for the request path.
 */
export function releaseUnusedMemory(): MemoryRelease {
  const gc = exposedGc();
  const usedBefore = process.memoryUsage().heapUsed;
  const start = performance.now();
  gc();
  const ms = performance.now() - start;
  return { ms, usedBefore, usedAfter: process.memoryUsage().heapUsed };
}
