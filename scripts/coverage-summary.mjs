// Recounts the summary table of docs/spec-coverage.md from its rows: `node scripts/coverage-summary.mjs`.
// A row's status is the first word(s) of its last cell: done, partly or not yet.
import { readFileSync, writeFileSync } from 'node:fs';

const file = new URL('../docs/spec-coverage.md', import.meta.url);
const text = readFileSync(file, 'utf8');
const docs = ['platform.md', 'search-portfolios-matching.md', 'donor-forms-admin-payments-messaging.md'];
const counts = Object.fromEntries(docs.map((d) => [d, { items: 0, done: 0, partly: 0, notYet: 0 }]));
let current = null;
for (const line of text.split('\n')) {
  // A part of another name (Beyond the spec) ends the document before it: its rows are not counted.
  const part = /^## (.+?)\s*$/.exec(line);
  if (part) current = docs.includes(part[1]) ? part[1] : null;
  if (!current || !line.startsWith('|') || /^\|\s*-/.test(line)) continue;
  const cells = line
    .split('|')
    .slice(1, -1)
    .map((c) => c.trim());
  const status = cells.at(-1)?.toLowerCase() ?? '';
  const kind = status.startsWith('done')
    ? 'done'
    : status.startsWith('partly')
      ? 'partly'
      : status.startsWith('not yet')
        ? 'notYet'
        : null;
  if (!kind) continue;
  counts[current].items++;
  counts[current][kind]++;
}
const total = { items: 0, done: 0, partly: 0, notYet: 0 };
for (const c of Object.values(counts)) for (const k of Object.keys(total)) total[k] += c[k];
const row = (name, c) => `| ${name} | ${c.items} | ${c.done} | ${c.partly} | ${c.notYet} |`;
const table = [
  '| Spec document | Items | Done | Partly | Not yet |',
  '| --- | --- | --- | --- | --- |',
  ...docs.map((d) => row(d, counts[d])),
  row('all three', total),
].join('\n');
const updated = text.replace(/\| Spec document[^\n]*\n(\|[^\n]*\n)+/, `${table}\n`);
writeFileSync(file, updated);
console.log(table);
