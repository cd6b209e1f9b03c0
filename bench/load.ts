// `npx tsx bench/load.ts`: the load section of the bench alone (also `BENCH_ONLY=load npm run
// bench`). It measures the built server (`npm run build` first) as a separate process: see
// bench/lib/load/section.ts and docs/benchmarks.md.
import { runLoad } from './lib/load/section.js';

await runLoad();
