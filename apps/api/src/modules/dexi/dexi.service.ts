import {
  DEXI_MSG,
  type DexiRun,
  type DexiRunStatus,
  type DexiSource,
  type DexiSourceKind,
  type executeDexiRunBody,
  type saveDexiSourceBody,
} from '@dm/shared';
import type { z } from 'zod';
import { audit } from '../../platform/audit.js';
import type { Auth } from '../../platform/auth-context.js';
import type { Db } from '../../platform/db.js';
import { isUniqueViolation } from '../../platform/db-errors.js';
import type { ModuleDeps } from '../../platform/deps.js';
import { badRequest, notFound } from '../../platform/errors.js';
import { existingCenterIds } from '../centers/centers.repo.js';
import * as repo from './dexi.repo.js';
import { dropFolderLabel } from './dexi.sources.js';

type Deps = Pick<ModuleDeps, 'db' | 'config' | 'clock' | 'secrets'>;

/** How many runs /dexi lists. */
const RUNS_LISTED = 50;

async function assertCenter(db: Db, centerId: number): Promise<void> {
  if ((await existingCenterIds(db, [centerId])).length === 0) throw notFound();
}

function sourceView(centerId: number, row: repo.DexiSourceRow | null): DexiSource {
  return {
    centerId,
    kind: (row?.kind ?? 'folder') as DexiSourceKind,
    url: row?.url ?? '',
    hasApiKey: Boolean(row?.apiKeySealed),
    folder: dropFolderLabel(centerId),
  };
}

/** GET dexisource/{center}: the center's source, never its API key. */
export async function dexiSource(deps: Deps, centerId: number): Promise<DexiSource> {
  await assertCenter(deps.db, centerId);
  return sourceView(centerId, await repo.sourceOf(deps.db, centerId));
}

/** POST savedexisource: the API key is sealed; a blank one keeps the stored key. */
export async function saveDexiSource(
  deps: Deps,
  auth: Auth,
  body: z.output<typeof saveDexiSourceBody>,
  ip: string,
): Promise<DexiSource> {
  await assertCenter(deps.db, body.center_id);
  const current = await repo.sourceOf(deps.db, body.center_id);
  const http = body.kind === 'http';
  if (http && deps.config.production && !body.url.startsWith('https:'))
    throw badRequest(DEXI_MSG.URL_HTTPS, { field: 'url' });
  const apiKeySealed = body.api_key ? deps.secrets.seal(body.api_key) : (current?.apiKeySealed ?? null);
  if (http && !apiKeySealed) throw badRequest(DEXI_MSG.API_KEY_REQUIRED, { field: 'api_key' });
  return deps.db.transaction(async (tx) => {
    const row = await repo.saveSource(tx, {
      centerId: body.center_id,
      kind: body.kind,
      url: http ? body.url : (current?.url ?? null),
      apiKeySealed,
      updatedBy: auth.userId,
      updatedAt: deps.clock.now(),
    });
    await audit(
      tx,
      auth,
      {
        action: 'dexi_source_saved',
        entityType: 'center',
        entityId: body.center_id,
        centerId: body.center_id,
        details: { kind: body.kind, apiKeyChanged: body.api_key !== '' },
      },
      ip,
    );
    return sourceView(body.center_id, row);
  });
}

type ListedRun = Awaited<ReturnType<typeof repo.listRuns>>[number];

/** A run's status: its own until it hands over to the import, then the import's. */
function statusOf(r: ListedRun): { status: DexiRunStatus; error: string | null } {
  if (r.run.status !== 'importing') return { status: r.run.status as DexiRunStatus, error: r.run.error };
  if (r.importStatus === 'done') return { status: 'done', error: null };
  if (r.importStatus === 'failed') return { status: 'failed', error: r.importError };
  return { status: 'importing', error: null };
}

function runView(r: ListedRun): DexiRun {
  const { status, error } = statusOf(r);
  const started = [r.startedByFirst, r.startedByLast].filter(Boolean).join(' ');
  const finished = r.run.finishedAt ?? (status === 'done' || status === 'failed' ? r.importFinishedAt : null);
  return {
    id: r.run.id,
    centerId: r.run.centerId,
    centerName: r.centerName,
    source: r.run.source as DexiSourceKind,
    status,
    startedBy: started || null,
    fileNames: r.run.fileNames,
    rowsRead: r.run.rowsRead,
    created: r.importedKeys?.length ?? 0,
    updated: r.updatedKeys?.length ?? 0,
    rejected: r.rejected ?? [],
    error,
    createdAt: r.run.createdAt.toISOString(),
    finishedAt: finished ? finished.toISOString() : null,
  };
}

/** GET dexiruns/{center}: the newest runs of a center, or of every center (0). */
export async function dexiRuns(deps: Deps, centerId: number): Promise<DexiRun[]> {
  if (centerId !== 0) await assertCenter(deps.db, centerId);
  const rows = await repo.listRuns(deps.db, centerId === 0 ? null : centerId, RUNS_LISTED);
  return rows.map(runView);
}

/**
 * executedexirun: queues a run of the center's source for the dexi job. One at a time per
 * center: a run queued or fetching (the unique index) or a donor import waiting or running
 * answers 'Import already in progress.'
 */
export async function executeDexiRun(
  deps: Deps,
  auth: Auth,
  body: z.output<typeof executeDexiRunBody>,
  ip: string,
): Promise<DexiRun> {
  const centerId = body.center_id;
  await assertCenter(deps.db, centerId);
  if (await repo.importInProgress(deps.db, centerId)) throw badRequest(DEXI_MSG.RUNNING);
  const source = await repo.sourceOf(deps.db, centerId);
  try {
    const id = await deps.db.transaction(async (tx) => {
      const run = await repo.insertRun(tx, {
        centerId,
        startedBy: auth.userId,
        source: source?.kind ?? 'folder',
        createdAt: deps.clock.now(),
      });
      await audit(
        tx,
        auth,
        { action: 'dexi_run_started', entityType: 'dexi_run', entityId: run.id, centerId },
        ip,
      );
      return run.id;
    });
    const [row] = (await repo.listRuns(deps.db, centerId, RUNS_LISTED)).filter((r) => r.run.id === id);
    return runView(row!);
  } catch (error) {
    if (isUniqueViolation(error)) throw badRequest(DEXI_MSG.RUNNING);
    throw error;
  }
}
