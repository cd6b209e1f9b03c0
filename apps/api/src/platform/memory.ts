import v8 from 'node:v8';
import { runInNewContext } from 'node:vm';

// Giving memory back after start-up (decision 013). The server runs with a 2 x 16 MB
// young generation (`--max-semi-space-size=16`) where a request's garbage dies young under load. The
// search index's load grows that young generation to its full size and, with no full collection
// after it, nothing shrinks it again: V8 gives an idle heap back only after a full collection (its
// memory reducer, or a full collection that finds the allocation rate low). So the idle server
// kept 220-300 MB. One full collection 10 s after the load, when a starting server is usually
// quiet, finds the rate low and shrinks the young generation: about 160 MB at rest. (The load's
// own rows die young: search.index.ts reads them 500 at a time.)
//
// (Node 20's V8 reads any argument to `gc` as "a young-generation collection only": the options
// object of newer versions, `{ type: 'major' }`, gives a scavenge here. So `gc()` takes none.)

/**
 * Turns off V8's allocation-site pretenuring for this process, before the database and the search
 * index load. Pretenuring allocates the objects of a site straight into the old generation once
 * the site's objects were seen surviving scavenges. The index load's rows are such a site, for a
 * moment: in 10 of 16 starts of the load bench and a start-up script, V8 decided so mid-load, the
 * rest of the load's rows went to the old generation (about 65 MB), and the collection after the
 * load freed them but V8 kept the heap it had grown: 200-263 MB at rest instead of 155-165.
 * Without pretenuring 13 starts of 13 came to rest at 155-165 MB, and the API CPU a request was
 * the same or lower (ab.ts: search 1,021 -> 970 us, donor page 903 -> 858, me 73 -> 69; decision 013):
 * a request's objects die young, which is what the young generation is for. The flag is
 * read at each collection, so setting it at start is enough (no command-line option to forget).
 */
export function keepGarbageYoung(): void {
  v8.setFlagsFromString('--no-allocation-site-pretenuring');
}

/**
 * How far the old generation may grow past what the last full collection kept before V8 runs the
 * next one: 20%. V8 otherwise picks a factor of up to 4 from how fast it collects, and under load
 * the server's heap (the search index's 100-130 MB that lives, plus each request's garbage that
 * outlives a scavenge) was let grow to 300-370 MB of RSS before a full collection (the load bench,
 * the donor page after the search with the writer; issue 19's bound is 250 MB). Bounded at 20%,
 * the same runs stayed at 221-236 MB and cost the same API CPU a request (ab.ts, 6 rounds: search
 * 676 -> 621 µs, donor page 997 -> 988, landing list 654 -> 623); 30% gave 232-236 MB and 50%
 * 244-246 MB. Each full collection is mostly concurrent marking, and with less heap it has less to
 * mark. The bound is a proportion, so an index of a million donors grows its limit with it. The
 * flag is read at each full collection, so it is set once the server is about to serve: a first
 * start's seed only grows its heap, and bounded it took 5 s longer (54 s against 47-51 s to
 * listening with 20,000 donors; decision 013).
 */
export const HEAP_GROWING_PERCENT = 20;

export function boundHeapGrowth(): void {
  v8.setFlagsFromString(`--heap-growing-percent=${HEAP_GROWING_PERCENT}`);
}

/**
 * How long after the index load the collection runs. V8 judges the allocation rate over the last
 * few seconds: 3 s after the load it still saw the load's rate and kept the young generation;
 * 6 s and 10 s both shrank it.
 */
export const QUIET_AFTER_LOAD_MS = 10_000;

type Gc = () => void;

let gcFunction: Gc | null = null;

/**
 * V8's `gc`, taken from a fresh context created while `--expose-gc` is briefly on, so the app's
 * own global never has it (a stray `gc()` call elsewhere stays impossible). The Node documentation
 * shows this use of `v8.setFlagsFromString`.
 */
function exposedGc(): Gc {
  if (gcFunction) return gcFunction;
  v8.setFlagsFromString('--expose-gc');
  try {
    gcFunction = runInNewContext('gc') as Gc;
  } finally {
    v8.setFlagsFromString('--no-expose-gc');
  }
  return gcFunction;
}

/** How long the collection took (ms), and the heap in use and held before and after it (bytes). */
export interface MemoryRelease {
  ms: number;
  used: { before: number; after: number };
  held: { before: number; after: number };
}

/**
 * One full collection: unreachable objects freed and, when the process has been allocating little,
 * the young generation shrunk to what that needs. It stops the process while it runs (about 35 ms
 * at 100,000 donors), so it is for a quiet moment after a one-off load, not for the request path.
 */
export function releaseUnusedMemory(): MemoryRelease {
  const gc = exposedGc();
  const before = process.memoryUsage();
  const start = performance.now();
  gc();
  const ms = performance.now() - start;
  const after = process.memoryUsage();
  return {
    ms,
    used: { before: before.heapUsed, after: after.heapUsed },
    held: { before: before.heapTotal, after: after.heapTotal },
  };
}
