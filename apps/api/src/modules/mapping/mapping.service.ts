import {
  MAPPING_ITEMS,
  MAPPING_MSG,
  MAPPING_PAGE_SIZE,
  type MappingItem,
  type MappingItemData,
  type MappingPage,
  type MappingSaved,
  type MappingType,
  parseMappedType,
} from '@dm/shared';
import { audit } from '../../platform/audit.js';
import type { Auth } from '../../platform/auth-context.js';
import type { ModuleDeps } from '../../platform/deps.js';
import { badRequest, notFound } from '../../platform/errors.js';
import { rebuildSearchDocument } from '../donorform/donorform.tabs.js';
import * as repo from './mapping.repo.js';

type MappingDeps = Pick<ModuleDeps, 'db' | 'clock'>;

/** GET getdatafromtables/{id}: the app values an item maps to. */
export function itemData(item: MappingItem): MappingItemData {
  const def = MAPPING_ITEMS[item];
  return { id: item, label: def.label, kind: def.kind, values: [...def.values] };
}

const readable = (item: MappingItem, value: string | null) =>
  value === null ? null : MAPPING_ITEMS[item].kind === 'multi' ? value.split(',').join(', ') : value;

/** POST getfieldtobemapped: a page of the item's unmapped or mapped values. */
export async function listRows(
  deps: MappingDeps,
  q: { id: MappingItem; type: MappingType; page: number; search: string },
): Promise<MappingPage> {
  const { rows, total } = await repo.listMappings(deps.db, {
    item: q.id,
    type: q.type,
    page: q.page,
    search: q.search,
  });
  return {
    rows: rows.map((r) => ({
      id: r.id,
      type: r.sourceValue,
      mapped_type: r.mappedValue,
      mapped_type_name: readable(q.id, r.mappedValue),
      donor_count: r.donorCount,
      created_at: r.createdAt.toISOString(),
      mapped_at: r.mappedAt?.toISOString() ?? null,
    })),
    total,
    page: q.page,
    pageSize: MAPPING_PAGE_SIZE,
  };
}

/** The search words hold eye and hair colour, education and races; the date of birth is not in them. */
const IN_SEARCH_DOCUMENT: readonly MappingItem[] = ['eye_color', 'hair_color', 'education_level', 'race'];

/**
 * POST updatemappingfield / updatemappingfielde: maps the rows to the app value(s) and writes
 * them to every donor imported with those values, in one transaction.
 */
export async function mapRows(
  deps: MappingDeps,
  auth: Auth,
  body: { id: MappingItem; ids: number[]; mapped_type: string },
  ip: string,
): Promise<MappingSaved> {
  const ids = [...new Set(body.ids)];
  if (ids.length === 0) throw badRequest(MAPPING_MSG.SELECT_VALUE);
  const now = deps.clock.now();
  const parsed = parseMappedType(body.id, body.mapped_type, now.toISOString().slice(0, 10));
  if ('error' in parsed) throw badRequest(parsed.error);
  const mapped = parsed.values.join(',');
  return deps.db.transaction(async (tx) => {
    const rows = await repo.lockMappings(tx, body.id, ids);
    if (rows.length !== ids.length) throw notFound();
    const touched = new Set<number>();
    for (const row of rows) {
      await repo.setMapping(tx, row.id, mapped, auth.userId, now);
      const written =
        body.id === 'race'
          ? await repo.applyRaces(tx, row.id, parsed.values, row.mappedValue?.split(',') ?? null)
          : await repo.applyValue(tx, body.id, row.id, mapped, row.mappedValue, now);
      for (const id of written) touched.add(id);
    }
    if (IN_SEARCH_DOCUMENT.includes(body.id)) for (const id of touched) await rebuildSearchDocument(tx, id);
    await audit(
      tx,
      auth,
      {
        action: 'mapping.update',
        entityType: 'field_mapping',
        entityId: rows.map((r) => r.id).join(','),
        // The values themselves stay out of the log: a date of birth is personal data.
        details: { field: body.id, rows: rows.length, donors: touched.size },
      },
      ip,
    );
    return { rows: rows.length, donors: touched.size };
  });
}
