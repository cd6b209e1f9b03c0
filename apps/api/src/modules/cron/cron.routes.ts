import {
  CRON_JOB_KEYS,
  CRON_RUN_STATUSES,
  cronCenterParams,
  cronDetailsBody,
  cronStatusParams,
} from '@dm/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAuth } from '../../platform/auth-context.js';
import type { ModuleDeps } from '../../platform/deps.js';
import { envelope, ok } from '../../platform/envelope.js';
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
  app.get(
    '/getcroncount/:center',
    {
      config: { access: { pages: ['cronjob', 'crontable'] } },
      schema: {
        summary: 'Job runs by status for one center (0: every center the caller may see)',
        params: cronCenterParams,
        response: { 200: envelope(countsAnswer) },
      },
    },
    async (request) => ok(await service.counts(deps, requireAuth(request), request.params.center)),
  );

  app.get(
    '/centerlist/:status',
    {
      config: { access: { pages: ['cronjob', 'crontable'] } },
      schema: {
        summary: 'Centers with job runs in the status (all, running, success, failed)',
        params: cronStatusParams,
        response: { 200: envelope(centersAnswer) },
      },
    },
    async (request) => ok(await service.centerList(deps, requireAuth(request), request.params.status)),
  );

  app.get(
    '/crondata/:status',
    {
      config: { access: { pages: ['cronjob'] } },
      schema: {
        summary: 'The scheduled jobs with their heartbeat and their runs in the status',
        params: cronStatusParams,
        response: { 200: envelope(jobsAnswer) },
      },
    },
    async (request) => ok(await service.jobList(deps, requireAuth(request), request.params.status)),
  );

  app.post(
    '/getcrondetails',
    {
      config: { access: { pages: ['crontable'] } },
      schema: {
        summary: 'A page of job runs, newest first (25, then from entryUpto)',
        body: cronDetailsBody,
        response: { 200: envelope(runsAnswer) },
      },
    },
    async (request) => ok(await service.runList(deps, requireAuth(request), request.body)),
  );
};
