import { MAPPING_PAGE_SIZE, type MappingItem, type MappingType, splitPercentage } from '@dm/shared';
import { and, desc, eq, ilike, inArray, isNotNull, isNull, or, type SQL, sql } from 'drizzle-orm';
import { donorRaces, donors, fieldMappingDonors, fieldMappings } from '../../db/schema/index.js';
import type { Db } from '../../platform/db.js';

/** The donors property each single-value item writes. */
export const MAPPED_COLUMNS = {
  eye_color: 'eyeColor',
  hair_color: 'hairColor',
  blood_group: 'bloodGroup',
  education_level: 'educationLevel',
  dob: 'dateOfBirth',
} as const satisfies Partial<Record<MappingItem, keyof typeof donors.$inferSelect>>;

export const sourceKeyOf = (value: string) => value.trim().toLowerCase();

const likePattern = (search: string) => `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * The mapping of a value an import met, created (unmapped) the first time. Locks the row until the
 * caller's transaction ends, so a mapping saved at the same time either is seen here or sees the
 * donor this import links to it.
 */
export async function mappingFor(
  db: Db,
  field: MappingItem,
  value: string,
): Promise<{ id: number; mappedValue: string | null }> {
  const [row] = await db
    .insert(fieldMappings)
    .values({ field, sourceValue: value.trim(), sourceKey: sourceKeyOf(value) })
    .onConflictDoUpdate({
      target: [fieldMappings.field, fieldMappings.sourceKey],
      set: { sourceValue: sql`${fieldMappings.sourceValue}` },
    })
    .returning({ id: fieldMappings.id, mappedValue: fieldMappings.mappedValue });
  return row!;
}

export async function linkDonor(
  db: Db,
  link: { mappingId: number; donorId: number; importId: number | null; percentage?: number | null },
): Promise<void> {
  await db.insert(fieldMappingDonors).values({ ...link, percentage: link.percentage ?? null });
}

export async function listMappings(
  db: Db,
  q: { item: MappingItem; type: MappingType; page: number; search: string },
) {
  const conditions: SQL[] = [
    eq(fieldMappings.field, q.item),
    q.type === 'mapped' ? isNotNull(fieldMappings.mappedValue) : isNull(fieldMappings.mappedValue),
  ];
  if (q.search) {
    const pattern = likePattern(q.search);
    conditions.push(
      or(ilike(fieldMappings.sourceValue, pattern), ilike(fieldMappings.mappedValue, pattern))!,
    );
  }
  const where = and(...conditions);
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: fieldMappings.id,
        sourceValue: fieldMappings.sourceValue,
        mappedValue: fieldMappings.mappedValue,
        createdAt: fieldMappings.createdAt,
        mappedAt: fieldMappings.mappedAt,
        donorCount: sql<number>`count(${fieldMappingDonors.id})::int`,
      })
      .from(fieldMappings)
      .leftJoin(fieldMappingDonors, eq(fieldMappingDonors.mappingId, fieldMappings.id))
      .where(where)
      .groupBy(fieldMappings.id)
      .orderBy(desc(fieldMappings.createdAt), desc(fieldMappings.id))
      .limit(MAPPING_PAGE_SIZE)
      .offset((q.page - 1) * MAPPING_PAGE_SIZE),
    db.select({ n: sql<number>`count(*)::int` }).from(fieldMappings).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/** The rows of one item among ids, locked for the caller's transaction. */
export async function lockMappings(db: Db, item: MappingItem, ids: number[]) {
  return db
    .select()
    .from(fieldMappings)
    .where(and(eq(fieldMappings.field, item), inArray(fieldMappings.id, ids)))
    .orderBy(fieldMappings.id)
    .for('update');
}

export async function setMapping(db: Db, id: number, mappedValue: string, by: number, at: Date) {
  await db
    .update(fieldMappings)
    .set({ mappedValue, mappedBy: by, mappedAt: at })
    .where(eq(fieldMappings.id, id));
}

const linkedDonors = (mappingId: number) =>
  sql`(select ${fieldMappingDonors.donorId} from ${fieldMappingDonors} where ${fieldMappingDonors.mappingId} = ${mappingId})`;

/**
 * Writes a single-value mapping to the donors imported with the value, where the field is still
 * blank or still holds the value an earlier mapping wrote (a value set since by hand is kept).
 */
export async function applyValue(
  db: Db,
  item: keyof typeof MAPPED_COLUMNS,
  mappingId: number,
  value: string,
  previous: string | null,
  at: Date,
): Promise<number[]> {
  const key = MAPPED_COLUMNS[item];
  const column = donors[key];
  const rows = await db
    .update(donors)
    .set({ [key]: value, updatedAt: at })
    .where(
      and(
        sql`${donors.userId} in ${linkedDonors(mappingId)}`,
        previous === null ? isNull(column) : or(isNull(column), eq(column, previous)),
      ),
    )
    .returning({ id: donors.userId });
  return rows.map((r) => r.id);
}

/**
 * Writes a race mapping to the donors imported with the value: each donor's row percentage is
 * shared among the mapped races (added to a race the donor already has); a changed mapping first
 * takes back the shares the earlier one gave.
 */
export async function applyRaces(
  db: Db,
  mappingId: number,
  names: string[],
  previous: string[] | null,
): Promise<number[]> {
  const links = await db
    .select({ donorId: fieldMappingDonors.donorId, percentage: fieldMappingDonors.percentage })
    .from(fieldMappingDonors)
    .where(eq(fieldMappingDonors.mappingId, mappingId))
    .orderBy(fieldMappingDonors.id);
  const touched = new Set<number>();
  for (const link of links) {
    const percentage = link.percentage ?? 100;
    if (previous) {
      const shares = splitPercentage(percentage, previous.length);
      for (const [i, name] of previous.entries()) {
        await db
          .update(donorRaces)
          .set({ percentage: sql`${donorRaces.percentage} - ${shares[i]!}` })
          .where(and(eq(donorRaces.donorId, link.donorId), eq(donorRaces.name, name)));
      }
      await db
        .delete(donorRaces)
        .where(and(eq(donorRaces.donorId, link.donorId), sql`${donorRaces.percentage} < 0.005`));
    }
    const shares = splitPercentage(percentage, names.length);
    for (const [i, name] of names.entries()) {
      await addRace(db, link.donorId, name, shares[i]!);
    }
    touched.add(link.donorId);
  }
  return [...touched];
}

/** Adds a race share to a donor (to the row of that race if there is one). */
export async function addRace(db: Db, donorId: number, name: string, percentage: number): Promise<void> {
  await db
    .insert(donorRaces)
    .values({
      donorId,
      name,
      percentage,
      position: sql`(select coalesce(max(${donorRaces.position}) + 1, 0) from ${donorRaces} where ${donorRaces.donorId} = ${donorId})`,
    })
    .onConflictDoUpdate({
      target: [donorRaces.donorId, donorRaces.name],
      set: { percentage: sql`${donorRaces.percentage} + excluded.percentage` },
    });
}

/** The values of an import's donors still waiting for a mapping. */
export async function awaitingForImport(db: Db, importId: number) {
  return db
    .select({
      donorKey: donors.agencyDisplayId,
      field: fieldMappings.field,
      value: fieldMappings.sourceValue,
    })
    .from(fieldMappingDonors)
    .innerJoin(fieldMappings, eq(fieldMappings.id, fieldMappingDonors.mappingId))
    .innerJoin(donors, eq(donors.userId, fieldMappingDonors.donorId))
    .where(and(eq(fieldMappingDonors.importId, importId), isNull(fieldMappings.mappedValue)))
    .orderBy(fieldMappingDonors.id);
}
