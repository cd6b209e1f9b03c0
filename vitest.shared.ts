import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

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
