import {
  CRON_JOB_KEYS,
  CRON_RUN_STATUSES,
  cronCenterParams,
  cronDetailsBody,
  cronStatusParams,
} from '@dm/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ModuleDeps } from '../../platform/deps.js';
import { jsonRoute } from '../../platform/routes.js';
import * as service from './cron.service.js';

const job = z.enum(CRON_JOB_KEYS as [string, ...string[]]);
const countsAnswer = z.object({
  center_id: z.number(),
  total: z.number(),
  running: z.number(),
  success: z.number(),
  failed: z.number(),
});
const centersAnswer = z.array(z.object({ center_id: z.number(), name: z.string(), runs: z.number() }));
const jobsAnswer = z.array(
  z.object({
    job,
    name: z.string(),
    description: z.string(),
    everySeconds: z.number(),
    lastRunAt: z.string().nullable(),
    lastOkAt: z.string().nullable(),
    lastFailedAt: z.string().nullable(),
    runs: z.number(),
  }),
);
const runsAnswer = z.object({
  rows: z.array(
    z.object({
      id: z.number(),
      job,
      name: z.string(),
      center_id: z.number().nullable(),
      center_name: z.string().nullable(),
      status: z.enum(CRON_RUN_STATUSES),
      processed: z.number(),
      error: z.string().nullable(),
      started_at: z.string(),
      finished_at: z.string().nullable(),
    }),
  ),
  total: z.number(),
  entryUpto: z.number(),
});

/** Scheduled jobs and their runs: the master admin sees every center, an agency admin her own. */
export const cronRoutes: FastifyPluginAsyncZod<ModuleDeps> = async (app, deps) => {
  jsonRoute(app, 'GET /getcroncount/:center', ['cronjob', 'crontable'], {
    summary: 'Job runs by status for one center (0: every center the caller may see)',
    params: cronCenterParams,
    data: countsAnswer,
    run: (auth, { params }) => service.counts(deps, auth, params.center),
  });

  jsonRoute(app, 'GET /centerlist/:status', ['cronjob', 'crontable'], {
    summary: 'Centers with job runs in the status (all, running, success, failed)',
    params: cronStatusParams,
    data: centersAnswer,
    run: (auth, { params }) => service.centerList(deps, auth, params.status),
  });

  jsonRoute(app, 'GET /crondata/:status', ['cronjob'], {
    summary: 'The scheduled jobs with their heartbeat and their runs in the status',
    params: cronStatusParams,
    data: jobsAnswer,
    run: (auth, { params }) => service.jobList(deps, auth, params.status),
  });

  jsonRoute(app, 'POST /getcrondetails', ['crontable'], {
    summary: 'A page of job runs, newest first (25, then from entryUpto)',
    body: cronDetailsBody,
    data: runsAnswer,
    run: (auth, { body }) => service.runList(deps, auth, body),
  });
};
