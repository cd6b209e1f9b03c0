import { caseManagersBody, countUserByAgencyBody, statCenterBody } from '@dm/shared';
import { z } from 'zod';

/** Bodies are the shared schemas, so the web and the server judge a center id alike. */
export const centerBody = statCenterBody.prefault({});
export const userByAgencyBody = countUserByAgencyBody;
export const managersBody = caseManagersBody.prefault({});

const series = z.object({
  key: z.string(),
  label: z.string(),
  added: z.array(z.number()),
  cumulative: z.array(z.number()),
});
export const monthlyAnswer = z.object({ months: z.array(z.string()), series: z.array(series) });

export const countListAnswer = z.object({
  year: z.number().nullable(),
  items: z.array(z.object({ key: z.string(), label: z.string(), count: z.number() })),
  total: z.number(),
});

export const agencyTableAnswer = z.object({
  columns: z.array(z.string()),
  rows: z.array(
    z.object({ centerId: z.number(), name: z.string(), counts: z.array(z.number()), total: z.number() }),
  ),
});

export const caseManagersAnswer = z.array(
  z.object({
    userId: z.number(),
    name: z.string(),
    email: z.string(),
    status: z.string(),
    centerName: z.string(),
    clients: z.number(),
    activePortfolios: z.number(),
    createdAt: z.string(),
  }),
);
