import { performance } from 'node:perf_hooks';
import v8 from 'node:v8';
import { runInNewContext } from 'node:vm';

export interface Result {
  name: string;
  runs: number;
  p50: number;
  p95: number;
  max: number;
}

/** A full garbage collection on demand (V8's gc, exposed at run time rather than by a flag). */
export function collectGarbage(): () => void {
  v8.setFlagsFromString('--expose-gc');
  return runInNewContext('gc') as () => void;
}

export async function measure(name: string, runs: number, fn: () => Promise<void>): Promise<Result> {
  for (let i = 0; i < Math.min(5, runs); i++) await fn();
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    await fn();
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))]!;
  return { name, runs, p50: at(0.5), p95: at(0.95), max: times[times.length - 1]! };
}
