import { z } from 'zod';
import { isWebUrl } from './partners.js';
import { idSchema } from './validation.js';

/**
 * External donor-data runs (/dexi, decision 020): the master admin starts a run for a center; the
 * run fetches the provider's export (an HTTP source or the drop folder) and imports it through
 * the donor import.
 */
export const DEXI_MSG = {
  STARTED: 'Run started. Its counts appear in the list when the import is done.',
  RUNNING: 'Import already in progress.',
  SOURCE_SAVED: 'Data source saved.',
  KIND: 'Source must be the drop folder or an HTTP export.',
  URL: 'Export URL must be an http(s) address.',
  URL_HTTPS: 'Export URL must be an https address.',
  API_KEY: 'API key is at most 500 characters.',
  API_KEY_REQUIRED: 'API key is required for an HTTP export.',
  CENTER: 'Center is invalid.',
  NO_FILES: 'The source has no export files.',
} as const;

export const DEXI_SOURCE_KINDS = ['folder', 'http'] as const;
export type DexiSourceKind = (typeof DEXI_SOURCE_KINDS)[number];

/** queued and fetching: the run's own steps; importing, done, failed: with its donor import. */
export const DEXI_RUN_STATUSES = ['queued', 'fetching', 'importing', 'done', 'failed'] as const;
export type DexiRunStatus = (typeof DEXI_RUN_STATUSES)[number];

const centerId = idSchema({ message: DEXI_MSG.CENTER });

/** executedexirun {center_id}: the spec's GET without payload; a POST here, it starts something. */
export const executeDexiRunBody = z.object({ center_id: centerId });
export const dexiCenterParams = z.object({ center: centerId });
/** 0: every center. */
export const dexiRunsParams = z.object({ center: idSchema({ message: DEXI_MSG.CENTER, orZero: true }) });

export const saveDexiSourceBody = z
  .object({
    center_id: centerId,
    kind: z.enum(DEXI_SOURCE_KINDS, { error: DEXI_MSG.KIND }),
    url: z.string({ error: DEXI_MSG.URL }).trim().max(500, DEXI_MSG.URL).default(''),
    /** Blank keeps the stored key. */
    api_key: z.string({ error: DEXI_MSG.API_KEY }).trim().max(500, DEXI_MSG.API_KEY).default(''),
  })
  .refine((b) => b.kind === 'folder' || isWebUrl(b.url), { message: DEXI_MSG.URL, path: ['url'] });
export type SaveDexiSourceBody = z.input<typeof saveDexiSourceBody>;

/** GET dexisource/{center}: never the API key itself. */
export const dexiSource = z.object({
  centerId: z.number(),
  kind: z.enum(DEXI_SOURCE_KINDS),
  url: z.string(),
  hasApiKey: z.boolean(),
  /** Where the drop folder is, under the server's DATA_DIR. */
  folder: z.string(),
});
export type DexiSource = z.output<typeof dexiSource>;

export const dexiRejection = z.object({
  file: z.string(),
  row: z.number(),
  donorKey: z.string(),
  reason: z.string(),
});
export type DexiRejection = z.output<typeof dexiRejection>;

/** A run as /dexi lists it (GET dexiruns/{center}). */
export const dexiRun = z.object({
  id: z.number(),
  centerId: z.number(),
  centerName: z.string(),
  source: z.enum(DEXI_SOURCE_KINDS),
  status: z.enum(DEXI_RUN_STATUSES),
  startedBy: z.string().nullable(),
  fileNames: z.array(z.string()),
  rowsRead: z.number(),
  created: z.number(),
  updated: z.number(),
  rejected: z.array(dexiRejection),
  error: z.string().nullable(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type DexiRun = z.output<typeof dexiRun>;
