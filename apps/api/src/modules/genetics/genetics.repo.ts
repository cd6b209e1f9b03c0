import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { carrierPanels, donorCarrierGenes, donors, users } from '../../db/schema/index.js';
import type { Db } from '../../platform/db.js';
import { queryRows } from '../../platform/db.js';

export type PanelKind = (typeof carrierPanels.$inferSelect)['kind'];
export type PanelRow = typeof carrierPanels.$inferSelect;

/** The donor's center, when the donor exists. */
export async function findDonor(db: Db, donorId: number) {
  const [row] = await db
    .select({ donorId: donors.userId, centerId: donors.centerId })
    .from(donors)
    .where(eq(donors.userId, donorId))
    .limit(1);
  return row;
}

/** A user's role and center (the parent whose panels are asked for). */
export async function findUser(db: Db, userId: number) {
  const [row] = await db
    .select({ userId: users.id, role: users.role, centerId: users.centerId })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return row;
}

export async function findPanels(db: Db, userId: number, kinds: readonly PanelKind[]): Promise<PanelRow[]> {
  return db
    .select()
    .from(carrierPanels)
    .where(and(eq(carrierPanels.userId, userId), inArray(carrierPanels.kind, [...kinds])));
}

/** Creates or replaces a panel (one per user and kind). */
export async function savePanel(
  db: Db,
  row: { userId: number; kind: PanelKind; sealed: string; updatedBy: number; at: Date },
): Promise<void> {
  const { userId, kind, sealed, updatedBy, at } = row;
  await db
    .insert(carrierPanels)
    .values({ userId, kind, sealed, updatedBy, createdAt: at, updatedAt: at })
    .onConflictDoUpdate({
      target: [carrierPanels.userId, carrierPanels.kind],
      set: { sealed, updatedBy, updatedAt: at },
    });
}

/** Replaces a donor's plain gene list (call in the panel's transaction). */
export async function replaceDonorGenes(
  db: Db,
  donorId: number,
  tested: readonly string[],
  carried: ReadonlySet<string>,
): Promise<void> {
  await db.delete(donorCarrierGenes).where(eq(donorCarrierGenes.donorId, donorId));
  if (tested.length === 0) return;
  await db
    .insert(donorCarrierGenes)
    .values(tested.map((gene) => ({ donorId, gene, carrier: carried.has(gene) })));
}

/** The genes tested and carried of each of these donors that has a panel. */
export async function donorGenes(
  db: Db,
  donorIds: readonly number[],
): Promise<Map<number, { tested: string[]; carried: string[] }>> {
  const out = new Map<number, { tested: string[]; carried: string[] }>();
  if (donorIds.length === 0) return out;
  const rows = await db
    .select()
    .from(donorCarrierGenes)
    .where(inArray(donorCarrierGenes.donorId, [...donorIds]));
  for (const r of rows) {
    let genes = out.get(r.donorId);
    if (!genes) {
      genes = { tested: [], carried: [] };
      out.set(r.donorId, genes);
    }
    genes.tested.push(r.gene);
    if (r.carrier) genes.carried.push(r.gene);
  }
  return out;
}

/**
 * The donors whose comparison with a parent's panel is 'clear' (compareCarrierPanels): with a
 * panel, no gene both carry, every gene the parent carries tested by the donor, every gene the
 * donor carries tested by the parent, and at least one gene tested by both. One statement over
 * the gene index; no panel is opened.
 */
export async function clearDonorIds(
  db: Db,
  parent: { tested: readonly string[]; carried: readonly string[] },
): Promise<Set<number>> {
  const tested = sql`array[${sql.join(
    parent.tested.map((g) => sql`${g}`),
    sql`, `,
  )}]::text[]`;
  const carried = parent.carried.length
    ? sql`array[${sql.join(
        parent.carried.map((g) => sql`${g}`),
        sql`, `,
      )}]::text[]`
    : sql`array[]::text[]`;
  const rows = await queryRows<{ donor_id: number }>(
    db,
    sql`select donor_id from donor_carrier_genes
        group by donor_id
        having bool_and(not (carrier and gene = any(${carried})))
           and bool_and(not carrier or gene = any(${tested}))
           and count(*) filter (where gene = any(${carried})) = cardinality(${carried})
           and count(*) filter (where gene = any(${tested})) > 0`,
  );
  return new Set(rows.map((r) => Number(r.donor_id)));
}

/** Of these donors, those the visibility condition lets through. */
export async function visibleDonorIds(db: Db, ids: readonly number[], visible: SQL): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ id: donors.userId })
    .from(donors)
    .where(and(inArray(donors.userId, [...ids]), visible));
  return rows.map((r) => r.id);
}
