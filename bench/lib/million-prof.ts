import { searchFilters } from '@dm/shared';
import { WEIGHT } from '../../apps/api/src/modules/search/search.index.columns.js';
import { DonorSearchIndex } from '../../apps/api/src/modules/search/search.index.js';
import { openDatabase } from '../../apps/api/src/platform/db.js';

const database = await openDatabase({ databaseUrl: process.env.MILLION_URL });
const index = new DonorSearchIndex(database.db);
await index.sync();
const centers = [...new Set(index.center.subarray(0, index.size))];
const q = {
  visibility: { kind: 'client' as const, centers, ownCenter: centers[0]!, hidden: [] },
  filters: searchFilters.parse({}),
  now: new Date(),
  point: null,
  allowedIds: null,
  words: { terms: ['ma'], weightsFor: () => WEIGHT.A | WEIGHT.D },
};
for (let i = 0; i < 30; i++) {
  const c = process.cpuUsage();
  const r = await index.search(q, { sort: 'Newest', descending: true, limit: 25, offset: 0 });
  if (i % 10 === 0) console.log(r.total, (process.cpuUsage(c).user / 1000).toFixed(1), 'ms');
}
await database.close();
