import {
  BLOOD_GROUPS,
  DONOR_AVAILABILITY,
  DONOR_TYPES,
  donorSearchDocument,
  EDUCATION_LEVELS,
  EYE_COLORS,
  HAIR_COLORS,
  IMPORT_COLUMNS,
  IMPORT_REQUIRED_FILES,
  type ImportFileKind,
  type ImportRejection,
  importFileKind,
  isIsoDate,
  type MappingItem,
  RACES,
  ROLE,
  STAFF_DONOR_MSG,
  splitPercentage,
} from '@dm/shared';
import { type Clock, systemClock } from '../../platform/clock.js';
import { parseCsv } from '../../platform/csv.js';
import type { Db } from '../../platform/db.js';
import { isDatabaseUnavailable } from '../../platform/db-errors.js';
import { finishRun, startRun } from '../../platform/job-runs.js';
import type { JobDefinition } from '../../platform/jobs/runner.js';
import { errorSummary } from '../../platform/log-safe.js';
import * as mappingRepo from '../mapping/index.js';
import * as repo from './staff-donors.repo.js';

/** A donor's rows from every file, with where each came from (for the rejection report). */
interface DonorRows {
  key: string;
  rows: Partial<Record<ImportFileKind, { file: string; row: number; cells: Record<string, string> }[]>>;
}

export class RowError extends Error {
  constructor(
    readonly file: string,
    readonly row: number,
    message: string,
  ) {
    super(message);
  }
}

/** The files of an upload by kind: 4 or 5 files, each kind once, the 4 required ones present. */
export function filesByKind(files: { name: string }[]): Map<ImportFileKind, number> | null {
  const kinds = new Map<ImportFileKind, number>();
  for (const [i, f] of files.entries()) {
    const kind = importFileKind(f.name);
    if (!kind || kinds.has(kind)) return null;
    kinds.set(kind, i);
  }
  return IMPORT_REQUIRED_FILES.every((k) => kinds.has(k)) ? kinds : null;
}

/**
 * The rows of one file. Text that is not CSV at all (a quoted cell never closed) rejects the
 * upload with the line; the parser's own error carries the file's text and stays out of it.
 */
function rowsOf(file: { name: string; content: string }): string[][] {
  try {
    return parseCsv(file.content);
  } catch (error) {
    const line = (error as { lines?: number }).lines;
    throw new Error(`${file.name}: not a valid CSV file${line ? ` (line ${line})` : ''}.`);
  }
}

/** Groups the rows of every file by donor_key; a file with a wrong header rejects the whole upload. */
export function groupRows(files: { name: string; content: string }[]): {
  donors: DonorRows[];
  rejected: ImportRejection[];
} {
  const kinds = filesByKind(files);
  if (!kinds) throw new Error(STAFF_DONOR_MSG.IMPORT_FILES);
  const byKey = new Map<string, DonorRows>();
  const rejected: ImportRejection[] = [];
  for (const [kind, index] of kinds) {
    const file = files[index]!;
    const [header, ...body] = rowsOf(file);
    const columns = (header ?? []).map((h) => h.trim().toLowerCase());
    const missing = IMPORT_COLUMNS[kind].filter((c) => !columns.includes(c));
    if (missing.length > 0) throw new Error(`${file.name}: missing column(s) ${missing.join(', ')}.`);
    body.forEach((cellsArr, i) => {
      const cells: Record<string, string> = {};
      columns.forEach((c, j) => {
        cells[c] = (cellsArr[j] ?? '').trim();
      });
      const key = cells.donor_key ?? '';
      if (!key) {
        rejected.push({ file: file.name, row: i + 2, donorKey: '', reason: 'donor_key is empty.' });
        return;
      }
      let entry = byKey.get(key.toLowerCase());
      if (!entry) {
        entry = { key, rows: {} };
        byKey.set(key.toLowerCase(), entry);
      }
      const list = entry.rows[kind] ?? [];
      list.push({ file: file.name, row: i + 2, cells });
      entry.rows[kind] = list;
    });
  }
  return { donors: [...byKey.values()], rejected };
}

const oneOf = (list: readonly string[], value: string, what: string, at: { file: string; row: number }) => {
  if (value === '') return null;
  const found = list.find((v) => v.toLowerCase() === value.toLowerCase());
  if (!found) throw new RowError(at.file, at.row, `${what} '${value}' is not one of the allowed values.`);
  return found;
};

const numberIn = (
  value: string,
  min: number,
  max: number,
  what: string,
  at: { file: string; row: number },
) => {
  if (value === '') return null;
  const n = Number(value);
  if (!Number.isFinite(n) || n < min || n > max)
    throw new RowError(at.file, at.row, `${what} must be a number from ${min} to ${max}.`);
  return n;
};

/** A value of a mapped field: an app value, or one waiting for (or resolved by) a mapping. */
type Mapped = { value: string | null } | { pending: string };

const mappedValue = (list: readonly string[], value: string): Mapped => {
  if (value === '') return { value: null };
  const found = list.find((v) => v.toLowerCase() === value.toLowerCase());
  return found ? { value: found } : { pending: value };
};

/**
 * Validates a donor's rows and writes the donor in one transaction (all of it or nothing). A value
 * of a mapped field (MAPPING_ITEMS) that is not an app value does not reject the donor: the
 * mapping saved for it is used, or the field stays blank and the donor is linked to the value's
 * Mapping row, so saving the mapping later writes it. With `updatesExisting` (an external data
 * run's import, decision 020) a donor the feed imported before is updated instead.
 */
export async function importDonor(
  db: Db,
  centerId: number,
  d: DonorRows,
  now: Date,
  importId: number | null = null,
  updatesExisting = false,
): Promise<'created' | 'updated'> {
  const single = (kind: ImportFileKind) => {
    const rows = d.rows[kind] ?? [];
    if (rows.length === 0 && IMPORT_REQUIRED_FILES.includes(kind))
      throw new RowError(kind, 0, `No row in the ${kind} file.`);
    if (rows.length > 1)
      throw new RowError(rows[1]!.file, rows[1]!.row, `More than one row in the ${kind} file.`);
    return rows[0]!;
  };
  const general = single('general');
  const physical = single('physical');
  const education = single('education');
  const status = single('status');
  const g = general.cells;
  const email = (g.email ?? '').toLowerCase();
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email))
    throw new RowError(general.file, general.row, 'Invalid Email address');
  if (!g.first_name || !g.last_name)
    throw new RowError(general.file, general.row, 'first_name and last_name are required.');
  const dob = g.date_of_birth ?? '';
  const p = physical.cells;
  const heightCm = numberIn(p.height_cm ?? '', 100, 250, 'height_cm', physical);
  const weightKg = numberIn(p.weight_kg ?? '', 30, 250, 'weight_kg', physical);
  const fields: Partial<Record<Exclude<MappingItem, 'race'>, Mapped>> = {
    dob: dob === '' ? { value: null } : isIsoDate(dob) ? { value: dob } : { pending: dob },
    eye_color: mappedValue(EYE_COLORS, p.eye_color ?? ''),
    hair_color: mappedValue(HAIR_COLORS, p.hair_color ?? ''),
    blood_group: mappedValue(BLOOD_GROUPS, p.blood_group ?? ''),
    education_level: mappedValue(EDUCATION_LEVELS, education.cells.education_level ?? ''),
  };
  const availability =
    oneOf(DONOR_AVAILABILITY, status.cells.availability ?? '', 'availability', status) ?? 'Invited';
  const donorType = oneOf(DONOR_TYPES, status.cells.donor_type ?? '', 'donor_type', status) ?? 'Fresh';
  const raceRows = (d.rows.races ?? []).map((r) => {
    const raw = r.cells.race ?? '';
    if (!raw) throw new RowError(r.file, r.row, 'race is required.');
    return {
      at: r,
      race: mappedValue(RACES, raw),
      percentage: numberIn(r.cells.percentage ?? '', 1, 100, 'percentage', r) ?? 100,
    };
  });
  if (raceRows.reduce((s, r) => s + r.percentage, 0) > 100) {
    const last = raceRows[raceRows.length - 1]!;
    throw new RowError(last.at.file, last.at.row, "Percentage can't exceed more than 100!");
  }

  return db.transaction(async (tx) => {
    const existing = updatesExisting ? await repo.importedDonorByKey(tx, centerId, d.key) : null;
    // Values awaiting a mapping are looked up (and created) first, in this transaction.
    const values: Partial<Record<Exclude<MappingItem, 'race'>, string | null>> = {};
    const links: { mappingId: number; percentage: number | null }[] = [];
    for (const [item, field] of Object.entries(fields) as [Exclude<MappingItem, 'race'>, Mapped][]) {
      if ('value' in field) {
        values[item] = field.value;
        continue;
      }
      const mapping = await mappingRepo.mappingFor(tx, item, field.pending);
      values[item] = mapping.mappedValue;
      if (mapping.mappedValue === null) links.push({ mappingId: mapping.id, percentage: null });
    }
    const races: { name: string; percentage: number }[] = [];
    for (const r of raceRows) {
      if ('value' in r.race) {
        races.push({ name: r.race.value!, percentage: r.percentage });
        continue;
      }
      const mapping = await mappingRepo.mappingFor(tx, 'race', r.race.pending);
      if (mapping.mappedValue === null) {
        links.push({ mappingId: mapping.id, percentage: r.percentage });
        continue;
      }
      const names = mapping.mappedValue.split(',');
      const shares = splitPercentage(r.percentage, names.length);
      for (const [i, name] of names.entries()) races.push({ name, percentage: shares[i]! });
    }
    const account = {
      centerId,
      role: ROLE.DONOR,
      status: 'Invited',
      username: email,
      firstName: g.first_name!,
      lastName: g.last_name!,
      createdAt: now,
      updatedAt: now,
    };
    const profile = {
      centerId,
      availability,
      donorType,
      agencyDisplayId: d.key,
      dateOfBirth: values.dob ?? null,
      zipcode: g.zipcode || null,
      city: g.city || null,
      state: g.state || null,
      heightCm,
      weightKg,
      bmi: heightCm && weightKg ? Math.round((weightKg / (heightCm / 100) ** 2) * 10) / 10 : null,
      eyeColor: values.eye_color ?? null,
      hairColor: values.hair_color ?? null,
      bloodGroup: values.blood_group ?? null,
      educationLevel: values.education_level ?? null,
      isScraped: true,
      searchDocument: donorSearchDocument([
        d.key,
        g.city,
        g.state,
        g.zipcode,
        values.eye_color ?? null,
        values.hair_color ?? null,
      ]),
      createdAt: now,
      updatedAt: now,
    };
    if (existing !== null)
      await repo.updateImportedDonor(
        tx,
        existing,
        { firstName: g.first_name!, lastName: g.last_name!, updatedAt: now },
        profile,
      );
    const userId = existing ?? (await repo.insertImportedDonor(tx, account, profile));
    for (const r of races) await mappingRepo.addRace(tx, userId, r.name, r.percentage);
    for (const link of links) await mappingRepo.linkDonor(tx, { ...link, donorId: userId, importId });
    return existing === null ? 'created' : 'updated';
  });
}

/**
 * Why a donor was rejected, as the import report shows it to the center's staff. A database
 * error's own message quotes the statement and its parameters (a donor's answers), so the report
 * gets only what the log would: the code and the message without values.
 */
export function importRejectReason(error: unknown): string {
  const e = error as { code?: string; constraint?: string; cause?: { code?: string; constraint?: string } };
  const code = e.code ?? e.cause?.code;
  const constraint = e.constraint ?? e.cause?.constraint ?? '';
  if (code === '23505')
    return constraint.includes('agency_display_id') ? 'Donor id already exists.' : 'Username already exists';
  const summary = errorSummary(error);
  const fromDatabase = summary.type === 'DrizzleQueryError' || /^[0-9A-Z]{5}$/.test(summary.code ?? '');
  if (!fromDatabase) return error instanceof Error ? error.message : String(error);
  const cause = summary.type === 'DrizzleQueryError' && summary.cause ? summary.cause : summary;
  const where = [cause.code, cause.column ?? cause.constraint].filter(Boolean).join(', ');
  return `The database refused this donor${where ? ` (${where})` : ''}: ${cause.message}`;
}

/** Runs one claimed import: every donor on its own, each result recorded. */
export async function runImport(
  db: Db,
  job: {
    id: number;
    centerId: number;
    files: { name: string; content: string }[];
    updatesExisting?: boolean;
  },
  clock: Clock = systemClock,
): Promise<void> {
  const run = await startRun(db, DONOR_IMPORT_JOB, job.centerId, clock.now());
  try {
    const { donors: grouped, rejected } = groupRows(job.files);
    const importedKeys: string[] = [];
    const updatedKeys: string[] = [];
    for (const d of grouped) {
      try {
        const done = await importDonor(db, job.centerId, d, clock.now(), job.id, job.updatesExisting);
        (done === 'created' ? importedKeys : updatedKeys).push(d.key);
      } catch (error) {
        // The database went away: stop here; the import is taken over again once it is back.
        if (isDatabaseUnavailable(error)) throw error;
        const at =
          error instanceof RowError
            ? { file: error.file, row: error.row }
            : { file: d.rows.general?.[0]?.file ?? '', row: d.rows.general?.[0]?.row ?? 0 };
        rejected.push({ ...at, donorKey: d.key, reason: importRejectReason(error) });
      }
    }
    await repo.finishImport(db, job.id, {
      status: 'done',
      importedKeys,
      updatedKeys,
      rejected,
      finishedAt: clock.now(),
    });
    await finishRun(db, run, {
      ok: true,
      processed: importedKeys.length + updatedKeys.length,
      at: clock.now(),
    });
  } catch (error) {
    if (isDatabaseUnavailable(error)) throw error;
    const message = error instanceof Error ? importRejectReason(error) : STAFF_DONOR_MSG.IMPORT_FAILED;
    await repo.finishImport(db, job.id, { status: 'failed', error: message, finishedAt: clock.now() });
    await finishRun(db, run, { ok: false, processed: 0, error: message, at: clock.now() });
  }
}

/** The heartbeat and run-record name of the import job. */
export const DONOR_IMPORT_JOB = 'donor-import';

/** Runs every queued import; returns how many it ran. */
export async function runPendingImports(deps: { db: Db; clock?: Clock }): Promise<number> {
  const clock = deps.clock ?? systemClock;
  let ran = 0;
  for (;;) {
    const job = await repo.claimImport(deps.db, clock.now());
    if (!job) return ran;
    await runImport(deps.db, job, clock);
    ran++;
  }
}

/** The import job: the module's part of the process's job runner (main.ts hands it over). */
export const donorImportJob: JobDefinition = {
  key: DONOR_IMPORT_JOB,
  everyMs: 3_000,
  run: async (ctx) => ({ processed: await runPendingImports(ctx) }),
};
