import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Reporter, TestModule } from 'vitest/node';

/**
 * How a workspace's test files run (apps/api, apps/web): the files that replace modules, globals,
 * the environment or the clock (vi.mock, vi.stubGlobal, vi.stubEnv, fake timers) each in a fresh
 * module registry; all the others share one per worker (isolate: false), which saves importing
 * the app's modules again for every file (about half of the suite's time).
 */
export function testProjects(srcDir: string, include: string) {
  const files = readdirSync(srcDir, { recursive: true, encoding: 'utf8' }).filter((f) =>
    /\.test\.tsx?$/.test(f),
  );
  const mocking = files
    .filter((f) =>
      /\bvi\.(mock|doMock|stubGlobal|stubEnv|useFakeTimers)\(/.test(
        readFileSync(path.join(srcDir, f), 'utf8'),
      ),
    )
    .map((f) => `src/${f.split(path.sep).join('/')}`);
  return [
    ...(mocking.length
      ? [{ extends: true, test: { name: 'isolated', include: mocking, isolate: true } }]
      : []),
    { extends: true, test: { name: 'shared', include: [include], exclude: mocking, isolate: false } },
  ];
}

/** How many of the slowest test files the run lists at its end. */
const SLOWEST_SHOWN = 10;

/**
 * A reporter that lists the slowest test files at the end of a run (their tests' and hooks' time),
 * beside the default one: where to look first when the suite gets slower.
 */
export class SlowestFiles implements Reporter {
  onTestRunEnd(modules: ReadonlyArray<TestModule>): void {
    if (modules.length < SLOWEST_SHOWN) return;
    const rows = modules
      .map((m) => ({ file: m.moduleId, ms: m.diagnostic().duration }))
      .sort((a, b) => b.ms - a.ms)
      .slice(0, SLOWEST_SHOWN);
    const total = modules.reduce((sum, m) => sum + m.diagnostic().duration, 0);
    console.log(`\nSlowest test files (tests and hooks; ${Math.round(total / 1000)} s in all files):`);
    for (const { file, ms } of rows) {
      console.log(`  ${(ms / 1000).toFixed(1).padStart(7)} s  ${path.relative(process.cwd(), file)}`);
    }
  }
}

/** The reporters of both workspaces: vitest's own and the slowest files. */
export const REPORTERS = ['default', new SlowestFiles()];
