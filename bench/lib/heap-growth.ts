import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

// The heap-growth section: what the server's bound on old-generation growth (boundHeapGrowth in
// platform/memory.ts) does to the heap a process holds, against V8 alone, measured side by side in
// the same run. Each side is a fresh process (the flag is process-wide) that keeps a million objects
// live (the search index) and makes garbage that outlives a scavenge and then dies in the old
// generation: each batch is kept for the next hundred, as a request's rows outlive the turns of
// others. It measured 205-268 MB alone against 132-142 MB bounded (about 110 MB live). It belongs
// here and not in the test suite: a child process each side takes 15-50 s on a busy 2-core machine.

const MEMORY_TS = fileURLToPath(new URL('../../apps/api/src/platform/memory.ts', import.meta.url));

/** The most heap (MB) a fresh process holds under the workload; with boundHeapGrowth() first when `bounded`. */
export function heapHeld(bounded: boolean): { mb: number; seconds: number } {
  const script = `
    const { boundHeapGrowth } = await import(${JSON.stringify(MEMORY_TS)});
    if (${bounded}) boundHeapGrowth();
    const live = [];
    for (let i = 0; i < 1000000; i++) live.push({ a: i, b: 'x' + i });
    const recent = [];
    let most = 0;
    for (let round = 0; round < 3000; round++) {
      const batch = [];
      for (let j = 0; j < 2000; j++) batch.push({ a: j, b: 'y' + j, c: [j, j, j, j] });
      recent.push(batch);
      if (recent.length > 100) recent.shift();
      most = Math.max(most, process.memoryUsage().heapTotal);
    }
    console.log(Math.round(most / 1048576), live.length);`;
  const start = performance.now();
  const out = execFileSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
    encoding: 'utf8',
  });
  return { mb: Number(out.split(' ')[0]), seconds: (performance.now() - start) / 1000 };
}

/** BENCH_ONLY=heap: both sides, alternated over BENCH_HEAP_ROUNDS rounds (2 unless told). */
export function runHeapGrowth(): void {
  const rounds = Number(process.env.BENCH_HEAP_ROUNDS ?? 2);
  console.log('\nheap growth: the most heap held, V8 alone against boundHeapGrowth(), MB');
  console.log('| round | V8 alone | bounded | bounded / alone |\n|---|---|---|---|');
  for (let round = 1; round <= rounds; round++) {
    const alone = heapHeld(false);
    const bounded = heapHeld(true);
    console.log(
      `| ${round} | ${alone.mb} (${alone.seconds.toFixed(1)} s) | ${bounded.mb} (${bounded.seconds.toFixed(1)} s) | ${(bounded.mb / alone.mb).toFixed(2)} |`,
    );
  }
}
