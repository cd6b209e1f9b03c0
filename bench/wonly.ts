import { signIn } from './lib/load/api.js';
import { Writer } from './lib/load/writer.js';

const url = process.argv[2]!;
const parent = await signIn(url, 'parent@demo.test');
const w = await Writer.prepare(
  [url],
  { staff: 'admin@demo.test', parent: 'parent@demo.test', viewer: 'parent111@demo.test' },
  parent,
);
w.start(Number(process.argv[3] ?? 20));
await new Promise((r) => setTimeout(r, Number(process.argv[4] ?? 20) * 1000));
await w.stop();
await w.restore();
console.log(JSON.stringify({ ...w.stats, writeMs: undefined }));
