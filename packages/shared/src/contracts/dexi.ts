import { z } from 'zod';
import { endpoint } from '../contract.js';
import {
  dexiCenterParams,
  dexiRun,
  dexiRunsParams,
  dexiSource,
  executeDexiRunBody,
  saveDexiSourceBody,
} from '../dexi.js';

/** /dexi is the master admin's page. */
const access = { pages: ['dexi'] } as const;

/** The external donor-data runs of the centers and where each center's data comes from. */
export const dexiContract = {
  runs: endpoint({
    method: 'GET',
    path: '/dexiruns/:center',
    access,
    summary: 'The newest external data runs of a center (0: every center) with their counts and errors',
    params: dexiRunsParams,
    data: z.array(dexiRun),
  }),
  source: endpoint({
    method: 'GET',
    path: '/dexisource/:center',
    access,
    summary:
      "Where a center's external donor data comes from (the drop folder or an HTTP export; never the key)",
    params: dexiCenterParams,
    data: dexiSource,
  }),
  execute: endpoint({
    method: 'POST',
    path: '/executedexirun',
    access,
    summary:
      "Start an external data run for a center (the spec's GET executedexirun; a POST since it starts work)",
    body: executeDexiRunBody,
    data: dexiRun,
  }),
  saveSource: endpoint({
    method: 'POST',
    path: '/savedexisource',
    access,
    summary:
      "Set a center's external data source: the drop folder, or an HTTP export URL and API key (sealed)",
    body: saveDexiSourceBody,
    data: dexiSource,
  }),
};
