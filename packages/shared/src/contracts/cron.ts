import { z } from 'zod';
import { endpoint } from '../contract.js';
import {
  cronCenter,
  cronCenterParams,
  cronCounts,
  cronDetailsBody,
  cronJobRow,
  cronRunPage,
  cronStatusParams,
} from '../cron.js';

/** Scheduled jobs and their runs: the master admin sees every center, an agency admin her own. */
export const cronContract = {
  counts: endpoint({
    method: 'GET',
    path: '/getcroncount/:center',
    access: { pages: ['cronjob', 'crontable'] },
    summary: 'Job runs by status for one center (0: every center the caller may see)',
    params: cronCenterParams,
    data: cronCounts,
  }),
  centers: endpoint({
    method: 'GET',
    path: '/centerlist/:status',
    access: { pages: ['cronjob', 'crontable'] },
    summary: 'Centers with job runs in the status (all, running, success, failed)',
    params: cronStatusParams,
    data: z.array(cronCenter),
  }),
  jobs: endpoint({
    method: 'GET',
    path: '/crondata/:status',
    access: { pages: ['cronjob'] },
    summary: 'The scheduled jobs with their heartbeat and their runs in the status',
    params: cronStatusParams,
    data: z.array(cronJobRow),
  }),
  runs: endpoint({
    method: 'POST',
    path: '/getcrondetails',
    access: { pages: ['crontable'] },
    summary: 'A page of job runs, newest first (25, then from entryUpto)',
    body: cronDetailsBody,
    data: cronRunPage,
  }),
};
