import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { KNOWN_BACK_DOORS, KNOWN_FOLDER_CIRCLES, KNOWN_UNTYPED_CALLS } from './structure.known.js';

/**
 * The layering rules of docs/ARCHITECTURE.md ("Layers and patterns"), checked on the source
 * text so a new module that breaks one fails here, not in a review: repos alone query, modules
 * never import the wiring, platform never imports a module, web components reach the server
 * through their feature's queries module, no import circles, no source file over 600 lines.
 * Modules use one another through their front doors (index.ts) and form no circle as folders; the
 * web calls the server by contract. What predates those rules is listed in structure.known.ts,
 * which may only shrink: a new back door fails, and so does a listed one that is gone.
 */

const ROOT = path.resolve(import.meta.dirname, '../../../..');
const MAX_LINES = 600;

function sourceFiles(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    if (name === 'node_modules' || name === 'dist' || name.startsWith('.')) continue;
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) out.push(...sourceFiles(full));
    else if (/\.(ts|tsx|mjs)$/.test(name) && !name.endsWith('.d.ts')) out.push(full);
  }
  return out;
}

const rel = (file: string) => path.relative(ROOT, file).split(path.sep).join('/');
const isTest = (file: string) => /\.test\.tsx?$|\/src\/test\/|\/e2e\//.test(rel(file));

/** Relative imports of a file (static and dynamic), resolved to files; type-only imports marked. */
function importsOf(file: string): { target: string; typeOnly: boolean; names: string }[] {
  const text = readFileSync(file, 'utf8');
  const found: { target: string; typeOnly: boolean; names: string }[] = [];
  const pattern = /import\s+(type\s+)?([^'"]*?)\s*from\s*['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;
  for (const m of text.matchAll(pattern)) {
    const spec = m[3] ?? m[4]!;
    if (!spec.startsWith('.')) {
      found.push({ target: spec, typeOnly: Boolean(m[1]), names: m[2] ?? '' });
      continue;
    }
    const base = path.resolve(path.dirname(file), spec).replace(/\.js$/, '');
    const target =
      ['.ts', '.tsx', '/index.ts', '/index.tsx'].map((ext) => base + ext).find((f) => exists(f)) ?? base;
    found.push({ target, typeOnly: Boolean(m[1]), names: m[2] ?? '' });
  }
  return found;
}

function exists(file: string): boolean {
  try {
    return statSync(file).isFile();
  } catch {
    return false;
  }
}

/** Value imports only: `import type` and `import { type A, type B }` carry nothing at run time. */
function isValueImport(i: { typeOnly: boolean; names: string }): boolean {
  if (i.typeOnly) return false;
  const inner = i.names.match(/^\{([^}]*)\}$/s)?.[1];
  if (inner === undefined) return true;
  return inner
    .split(',')
    .map((n) => n.trim())
    .filter(Boolean)
    .some((n) => !n.startsWith('type '));
}

/** Every cycle's files, found with Tarjan's strongly connected components over value imports. */
function importCircles(files: string[], nodeOf: (file: string) => string | null): string[][] {
  const edges = new Map<string, Set<string>>();
  for (const file of files) {
    const from = nodeOf(file);
    if (!from) continue;
    for (const i of importsOf(file)) {
      if (!isValueImport(i)) continue;
      const to = nodeOf(i.target);
      if (!to || to === from) continue;
      if (!edges.has(from)) edges.set(from, new Set());
      edges.get(from)!.add(to);
    }
  }
  let index = 0;
  const idx = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const circles: string[][] = [];
  const visit = (v: string) => {
    idx.set(v, index);
    low.set(v, index++);
    stack.push(v);
    onStack.add(v);
    for (const w of edges.get(v) ?? []) {
      if (!idx.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, idx.get(w)!));
    }
    if (low.get(v) === idx.get(v)) {
      const component: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        component.push(w);
      } while (w !== v);
      if (component.length > 1) circles.push(component.sort());
    }
  };
  for (const v of edges.keys()) if (!idx.has(v)) visit(v);
  return circles;
}

const apiFiles = sourceFiles(path.join(ROOT, 'apps/api/src')).filter((f) => !isTest(f));
const webFiles = sourceFiles(path.join(ROOT, 'apps/web/src')).filter((f) => !isTest(f));
const sharedFiles = sourceFiles(path.join(ROOT, 'packages/shared/src')).filter((f) => !isTest(f));

describe('layers', () => {
  it('no source file outside tests and seed data is over 600 lines', () => {
    const others = ['bench', 'scripts'].flatMap((d) => sourceFiles(path.join(ROOT, d)));
    const long = [...apiFiles, ...webFiles, ...sharedFiles, ...others]
      .filter((f) => !rel(f).includes('/src/seed/'))
      .map((f) => ({ file: rel(f), lines: readFileSync(f, 'utf8').split('\n').length }))
      .filter((f) => f.lines > MAX_LINES);
    expect(long).toEqual([]);
  });

  it('only the entry point imports the wiring file (app.ts)', () => {
    const app = path.join(ROOT, 'apps/api/src/app.ts');
    const importers = apiFiles.filter((f) => importsOf(f).some((i) => i.target === app)).map(rel);
    expect(importers).toEqual(['apps/api/src/main.ts']);
  });

  it('platform code never imports a module', () => {
    const platform = apiFiles.filter((f) => rel(f).startsWith('apps/api/src/platform/'));
    const upward = platform.flatMap((f) =>
      importsOf(f)
        .filter((i) => rel(i.target).startsWith('apps/api/src/modules/'))
        .map((i) => `${rel(f)} -> ${rel(i.target)}`),
    );
    expect(upward).toEqual([]);
  });

  it('repos are the only module code that touches the database', () => {
    const schema = path.join(ROOT, 'apps/api/src/db/schema');
    const offenders = apiFiles
      .filter((f) => rel(f).startsWith('apps/api/src/modules/') && !/\.repo\.ts$/.test(f))
      .flatMap((f) =>
        importsOf(f)
          .filter((i) => isValueImport(i) && (i.target === 'drizzle-orm' || i.target.startsWith(schema)))
          .map((i) => `${rel(f)} imports ${i.target === 'drizzle-orm' ? 'drizzle-orm' : rel(i.target)}`),
      );
    expect(offenders).toEqual([]);
  });

  it('web components reach the server only through their feature queries module', () => {
    const wrapper = path.join(ROOT, 'apps/web/src/lib/api.ts');
    const direct = webFiles
      .filter((f) => !/\/queries\.ts$|\/lib\//.test(rel(f)))
      .filter((f) =>
        importsOf(f).some((i) => i.target === wrapper && /\b(api|request|download)\b/.test(i.names)),
      )
      .map(rel);
    expect(direct).toEqual([]);
  });
});

describe('import circles', () => {
  it('no circle between API files', () => {
    expect(
      importCircles(apiFiles, (f) => (f.startsWith(ROOT) && apiFiles.includes(f) ? rel(f) : null)),
    ).toEqual([]);
  });

  it('no circle between web files, nor between features', () => {
    const byFile = importCircles(webFiles, (f) => (webFiles.includes(f) ? rel(f) : null));
    const featureOf = (f: string) => rel(f).match(/^apps\/web\/src\/features\/([^/]+)\//)?.[1] ?? null;
    const byFeature = importCircles(webFiles, (f) => (webFiles.includes(f) ? featureOf(f) : null));
    expect({ byFile, byFeature }).toEqual({ byFile: [], byFeature: [] });
  });

  it('no circle in the shared package', () => {
    expect(importCircles(sharedFiles, (f) => (sharedFiles.includes(f) ? rel(f) : null))).toEqual([]);
  });
});

const MODULES = 'apps/api/src/modules/';
/** The module folder a file belongs to, or null outside modules/. */
const moduleOf = (file: string) => rel(file).match(/^apps\/api\/src\/modules\/([^/]+)\//)?.[1] ?? null;

describe('front doors', () => {
  it('a module uses another only through its index.ts', () => {
    const backDoors = new Set<string>();
    for (const file of apiFiles) {
      const from = moduleOf(file);
      if (!from) continue;
      for (const i of importsOf(file)) {
        const to = moduleOf(i.target);
        if (!to || to === from || rel(i.target) === `${MODULES}${to}/index.ts`) continue;
        backDoors.add(`${from} -> ${rel(i.target).slice(MODULES.length)}`);
      }
    }
    const found = [...backDoors].sort();
    expect({
      new: found.filter((d) => !KNOWN_BACK_DOORS.includes(d)),
      gone: KNOWN_BACK_DOORS.filter((d) => !found.includes(d)),
    }).toEqual({ new: [], gone: [] });
  });

  it('no circle between module folders (platform, db, seed and the modules each one node)', () => {
    const folderOf = (f: string) => {
      if (!apiFiles.includes(f)) return null;
      const r = rel(f);
      return moduleOf(f) ?? r.match(/^apps\/api\/src\/(platform|db|seed)\//)?.[1] ?? null;
    };
    const circles = importCircles(apiFiles, folderOf).map((c) => c.join(' '));
    expect(circles.sort()).toEqual([...KNOWN_FOLDER_CIRCLES].sort());
  });

  it('web features call the server by contract, not with a hand-asserted answer type', () => {
    const untyped = webFiles
      .filter((f) => !rel(f).endsWith('/lib/api.ts'))
      .map((f) => ({ file: rel(f), calls: (readFileSync(f, 'utf8').match(/\bapi(<|\()/g) ?? []).length }))
      .filter((f) => f.calls > 0)
      .map((f) => `${f.file}: ${f.calls}`);
    expect({
      new: untyped.filter((u) => !KNOWN_UNTYPED_CALLS.includes(u)),
      gone: KNOWN_UNTYPED_CALLS.filter((k) => !untyped.some((u) => u === k)),
    }).toEqual({ new: [], gone: [] });
  });
});
