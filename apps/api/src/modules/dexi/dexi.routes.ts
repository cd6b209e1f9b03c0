import {
  DEXI_MSG,
  DEXI_RUN_STATUSES,
  DEXI_SOURCE_KINDS,
  dexiCenterParams,
  dexiRunsParams,
  executeDexiRunBody,
  saveDexiSourceBody,
} from '@dm/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ModuleDeps } from '../../platform/deps.js';
import { callRoutes, jsonRoute } from '../../platform/routes.js';
import * as service from './dexi.service.js';

const sourceSchema = z.object({
  centerId: z.number(),
  kind: z.enum(DEXI_SOURCE_KINDS),
  url: z.string(),
  hasApiKey: z.boolean(),
  folder: z.string(),
});
const runSchema = z.object({
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
  rejected: z.array(
    z.object({ file: z.string(), row: z.number(), donorKey: z.string(), reason: z.string() }),
  ),
  error: z.string().nullable(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
});

/** /dexi: the master admin's external donor-data runs (decision 020). */
export const dexiRoutes: FastifyPluginAsyncZod<ModuleDeps> = async (app, deps) => {
  jsonRoute(app, 'GET /dexiruns/:center', ['dexi'], {
    summary: 'The newest external data runs of a center (0: every center) with their counts and errors',
    params: dexiRunsParams,
    data: z.array(runSchema),
    run: (_auth, { params }) => service.dexiRuns(deps, params.center),
  });

  jsonRoute(app, 'GET /dexisource/:center', ['dexi'], {
    summary:
      "Where a center's external donor data comes from (the drop folder or an HTTP export; never the key)",
    params: dexiCenterParams,
    data: sourceSchema,
    run: (_auth, { params }) => service.dexiSource(deps, params.center),
  });

  callRoutes(app, deps, { pages: ['dexi'] }, [
    [
      '/executedexirun',
      "Start an external data run for a center (the spec's GET executedexirun; a POST since it starts work)",
      executeDexiRunBody,
      runSchema,
      DEXI_MSG.STARTED,
      service.executeDexiRun,
    ],
    [
      '/savedexisource',
      "Set a center's external data source: the drop folder, or an HTTP export URL and API key (sealed)",
      saveDexiSourceBody,
      sourceSchema,
      DEXI_MSG.SOURCE_SAVED,
      service.saveDexiSource,
    ],
  ]);
};
