import { MAX_IMPORT_FILE_CHARS } from '@dm/shared';
import type { Clock } from '../../platform/clock.js';
import type { Config } from '../../platform/config.js';
import type { SecretBox } from '../../platform/crypto.js';
import { parseCsv } from '../../platform/csv.js';
import type { Db } from '../../platform/db.js';
import { isDatabaseUnavailable, isUniqueViolation } from '../../platform/db-errors.js';
import { finishRun, startRun } from '../../platform/job-runs.js';
import type { JobDefinition } from '../../platform/jobs/runner.js';
import { errorSummary } from '../../platform/log-safe.js';
import { filesByKind } from '../staff-donors/staff-donors.import.js';
import { insertImport } from '../staff-donors/staff-donors.repo.js';
import * as repo from './dexi.repo.js';
import {
  type DexiSourceReader,
  type ExportFile,
  folderSource,
  httpSource,
  SourceError,
} from './dexi.sources.js';

/** The heartbeat and run-record name of the external data job. */
export const DEXI_RUN_JOB = 'dexi-run';

export interface DexiJobDeps {
  config: Pick<Config, 'dataDir'>;
  secrets: SecretBox;
  /** The HTTP client of the HTTP source (tests point it at a fake provider). */
  fetch?: typeof fetch;
}

const IMPORT_FILES_MESSAGE =
  'The export must have one general, physical, education and status CSV file (races is optional).';
const RUN_FAILED = 'The run failed; the server log has the details.';

/** The reader of the source a run was started with. */
function readerOf(
  deps: DexiJobDeps,
  run: repo.DexiRunRow,
  source: repo.DexiSourceRow | null,
): DexiSourceReader {
  if (run.source !== 'http') return folderSource(deps.config.dataDir, run.centerId);
  if (!source?.url || !source.apiKeySealed) throw new SourceError('The HTTP export has no URL or API key.');
  return httpSource(source.url, deps.secrets.open(source.apiKeySealed), deps.fetch);
}

/** Data rows of the files (their header rows left out); a file that is not CSV fails the run. */
function rowsIn(files: ExportFile[]): number {
  let rows = 0;
  for (const file of files) {
    if (file.content.length > MAX_IMPORT_FILE_CHARS) throw new SourceError(`${file.name} is too large.`);
    try {
      rows += Math.max(0, parseCsv(file.content).length - 1);
    } catch {
      throw new SourceError(`${file.name}: not a valid CSV file.`);
    }
  }
  return rows;
}

/**
 * Runs one claimed run: fetches the export and queues it as the center's donor import (which
 * updates the donors an earlier run imported), in one transaction with the run's new status. A
 * failure is the run's error and a failed job run; the database going away is left to a retry.
 */
export async function runDexi(
  ctx: { db: Db; clock: Clock; log?: { error(o: object, m: string): void } },
  deps: DexiJobDeps,
  run: repo.DexiRunRow,
): Promise<void> {
  const { db, clock } = ctx;
  const jobRun = await startRun(db, DEXI_RUN_JOB, run.centerId, clock.now());
  try {
    const reader = readerOf(deps, run, await repo.sourceOf(db, run.centerId));
    const files = await reader.fetch();
    if (!filesByKind(files)) throw new SourceError(IMPORT_FILES_MESSAGE);
    const rowsRead = rowsIn(files);
    try {
      await db.transaction(async (tx) => {
        const donorImport = await insertImport(tx, {
          centerId: run.centerId,
          createdBy: run.startedBy,
          files,
          fileNames: files.map((f) => f.name),
          updatesExisting: true,
          createdAt: clock.now(),
        });
        await repo.updateRun(tx, run.id, {
          status: 'importing',
          importId: donorImport.id,
          fileNames: files.map((f) => f.name),
          rowsRead,
        });
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw new SourceError('Import already in progress.');
      throw error;
    }
    await reader.done(run.id).catch((error) => {
      ctx.log?.error({ job: DEXI_RUN_JOB, error: errorSummary(error) }, 'moving the imported files failed');
    });
    await finishRun(db, jobRun, { ok: true, processed: rowsRead, at: clock.now() });
  } catch (error) {
    if (isDatabaseUnavailable(error)) throw error;
    if (!(error instanceof SourceError))
      ctx.log?.error({ job: DEXI_RUN_JOB, error: errorSummary(error) }, 'dexi run failed');
    const message = error instanceof SourceError ? error.message : RUN_FAILED;
    await repo.updateRun(db, run.id, { status: 'failed', error: message, finishedAt: clock.now() });
    await finishRun(db, jobRun, { ok: false, processed: 0, error: message, at: clock.now() });
  }
}

/** Runs every queued run; returns how many it ran. */
export async function runQueuedDexiRuns(
  ctx: { db: Db; clock: Clock; log?: { error(o: object, m: string): void }; stopping?: () => boolean },
  deps: DexiJobDeps,
): Promise<number> {
  let ran = 0;
  while (!ctx.stopping?.()) {
    const run = await repo.claimRun(ctx.db, ctx.clock.now());
    if (!run) break;
    await runDexi(ctx, deps, run);
    ran++;
  }
  return ran;
}

/** The external data job: the module's part of the process's job runner. */
export function dexiRunJob(deps: DexiJobDeps): JobDefinition {
  return {
    key: DEXI_RUN_JOB,
    everyMs: 5_000,
    run: async (ctx) => ({ processed: await runQueuedDexiRuns(ctx, deps) }),
  };
}
