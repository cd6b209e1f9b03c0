import type { AgencyListBody, ZipListBody } from '@dm/shared';
import { type AnyColumn, and, asc, count, desc, eq, ilike, ne, or, type SQL, sql } from 'drizzle-orm';
import { centers, countries, zipCodes } from '../../db/schema/index.js';
import { type Db, escapeLike } from '../../platform/db.js';

/** Users of the outer `centers` row by status (written out: drizzle may leave columns unqualified). */
const usersWithStatus = (status: 'Active' | 'Archived') =>
  sql<number>`(select count(*)::int from users u where u.center_id = "centers"."id" and u.status = ${status})`;
const activeCount = usersWithStatus('Active');
const archivedCount = usersWithStatus('Archived');

const agencyColumns = {
  centerId: centers.id,
  name: centers.name,
  address: centers.address,
  email: centers.email,
  contactNo: centers.contactNo,
  summary: centers.summary,
  agencyUrl: centers.agencyUrl,
  zipcode: centers.zipcode,
  country: centers.country,
  domain: centers.domain,
  visible: centers.visible,
  activecount: activeCount,
  archivedcount: archivedCount,
};
export type AgencyRecord = Awaited<ReturnType<typeof findAgency>>;

const AGENCY_SORT_COLUMNS: Record<AgencyListBody['sort'], SQL | AnyColumn> = {
  name: sql`lower(${centers.name})`,
  email: sql`lower(${centers.email})`,
  contactNo: centers.contactNo,
  zipcode: centers.zipcode,
  activecount: activeCount,
  archivedcount: archivedCount,
  status: centers.visible,
};

/** A page of agencies with their user counts, searched by name, e-mail, URL or zip code. */
export async function listAgencies(db: Db, q: AgencyListBody) {
  const conditions: SQL[] = [];
  if (q.search) {
    const pattern = `%${escapeLike(q.search)}%`;
    conditions.push(
      or(
        ilike(centers.name, pattern),
        ilike(centers.email, pattern),
        ilike(centers.agencyUrl, pattern),
        ilike(centers.zipcode, pattern),
      )!,
    );
  }
  if (q.domain) conditions.push(eq(centers.domain, q.domain));
  const where = conditions.length ? and(...conditions) : undefined;
  const direction = q.ord === 'desc' ? desc : asc;
  const [rows, [total]] = await Promise.all([
    db
      .select(agencyColumns)
      .from(centers)
      .where(where)
      .orderBy(direction(AGENCY_SORT_COLUMNS[q.sort]), direction(centers.id))
      .limit(q.to)
      .offset(q.from),
    db.select({ n: count() }).from(centers).where(where),
  ]);
  return { rows, count: total?.n ?? 0 };
}

export async function findAgency(db: Db, centerId: number) {
  const [row] = await db.select(agencyColumns).from(centers).where(eq(centers.id, centerId)).limit(1);
  return row;
}

/** Another center with this name (case-insensitive, trimmed), besides `exceptId`. */
export async function nameTaken(db: Db, name: string, exceptId = 0): Promise<boolean> {
  const [row] = await db
    .select({ id: centers.id })
    .from(centers)
    .where(and(sql`lower(trim(${centers.name})) = ${name.toLowerCase()}`, ne(centers.id, exceptId)))
    .limit(1);
  return row !== undefined;
}

export async function emailTaken(db: Db, email: string, exceptId = 0): Promise<boolean> {
  const [row] = await db
    .select({ id: centers.id })
    .from(centers)
    .where(and(sql`lower(trim(${centers.email})) = ${email.toLowerCase()}`, ne(centers.id, exceptId)))
    .limit(1);
  return row !== undefined;
}

export async function insertAgency(db: Db, values: typeof centers.$inferInsert): Promise<number> {
  const [row] = await db.insert(centers).values(values).returning({ id: centers.id });
  return row!.id;
}

export async function updateAgency(db: Db, centerId: number, values: Partial<typeof centers.$inferInsert>) {
  await db.update(centers).set(values).where(eq(centers.id, centerId));
}

export async function findCountry(db: Db, by: { isoCode?: string; name?: string }) {
  const [row] = await db
    .select({ isoCode: countries.isoCode, name: countries.name })
    .from(countries)
    .where(by.isoCode !== undefined ? eq(countries.isoCode, by.isoCode) : eq(countries.name, by.name ?? ''))
    .limit(1);
  return row;
}

const zipColumns = {
  zipcode: zipCodes.zipcode,
  latitude: zipCodes.latitude,
  longitude: zipCodes.longitude,
  city: zipCodes.city,
  state: zipCodes.state,
};

/** US zip codes, the ones the zip-code screen manages. */
const US = eq(zipCodes.country, 'US');

export async function listZipCodes(db: Db, q: ZipListBody) {
  const conditions: SQL[] = [US];
  if (q.search) {
    const pattern = `%${escapeLike(q.search)}%`;
    conditions.push(
      or(ilike(zipCodes.zipcode, pattern), ilike(zipCodes.city, pattern), ilike(zipCodes.state, pattern))!,
    );
  }
  const where = and(...conditions);
  const direction = q.ord === 'desc' ? desc : asc;
  const [rows, [total]] = await Promise.all([
    db
      .select(zipColumns)
      .from(zipCodes)
      .where(where)
      .orderBy(direction(zipCodes[q.sort]), direction(zipCodes.zipcode))
      .limit(q.to)
      .offset(q.from),
    db.select({ n: count() }).from(zipCodes).where(where),
  ]);
  return { rows, count: total?.n ?? 0 };
}

export async function findZipCode(db: Db, zipcode: string) {
  const [row] = await db
    .select(zipColumns)
    .from(zipCodes)
    .where(and(US, eq(zipCodes.zipcode, zipcode)))
    .limit(1);
  return row;
}

export async function insertZipCode(
  db: Db,
  values: { zipcode: string; latitude: number; longitude: number },
) {
  await db.insert(zipCodes).values({ country: 'US', ...values });
}

export async function updateZipCode(
  db: Db,
  zipcode: string,
  values: { zipcode: string; latitude: number; longitude: number },
) {
  await db
    .update(zipCodes)
    .set(values)
    .where(and(US, eq(zipCodes.zipcode, zipcode)));
}

export async function deleteZipCode(db: Db, zipcode: string) {
  await db.delete(zipCodes).where(and(US, eq(zipCodes.zipcode, zipcode)));
}
