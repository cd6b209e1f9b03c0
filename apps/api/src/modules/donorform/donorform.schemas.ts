import { idSchema } from '@dm/shared';
import { z } from 'zod';

export const idParams = z.object({ id: idSchema({ label: 'User id' }) });
export const changesQuery = z.object({
  user_id: idSchema({ label: 'User id' }),
  version: idSchema({ label: 'Version' }).optional(),
});

const blankField = z.object({ tab: z.string(), field: z.string(), label: z.string() });
export const formStatus = z.object({
  donorId: z.number(),
  availability: z.string(),
  lastTab: z.number().nullable(),
  landingPage: z.number(),
  preview: z.boolean(),
  initialStage: z.boolean(),
  changeTracked: z.boolean(),
  canSubmitMain: z.boolean(),
  pendingChangeVersion: z.number().nullable(),
  centerSettings: z.object({
    raceTotalFree: z.boolean(),
    raceEvenSplit: z.boolean(),
    selfOnlyRelations: z.boolean(),
    isCompensationVisible: z.boolean(),
    isDonorTypeVisible: z.boolean(),
  }),
  eligibility: z.object({ eligible: z.boolean(), reasons: z.array(z.enum(['age', 'bmi'])) }).nullable(),
  autoSubmitted: z.boolean(),
});
export const tabAnswer = z.object({
  tabName: z.string(),
  data: z.record(z.string(), z.unknown()),
  status: formStatus,
  hasSsn: z.boolean().optional(),
});
export const saveAnswer = z.object({ status: formStatus, changeVersion: z.number().nullable() });
export const submitAnswer = z.object({ availability: z.string(), blank: z.array(blankField) });
export const changeSets = z.array(
  z.object({
    version: z.number(),
    tab: z.string(),
    status: z.enum(['pending', 'approved', 'rejected']),
    createdAt: z.string(),
    changes: z.array(z.object({ field: z.string(), before: z.unknown(), after: z.unknown() })),
  }),
);
export const donorHome = z.object({
  donorId: z.number(),
  firstName: z.string(),
  availability: z.string(),
  preview: z.boolean(),
  landingPage: z.number(),
  todo: z.array(blankField),
  messages: z.array(z.object({ createdAt: z.string(), message: z.string(), status: z.string() })),
});

export const agencyContact = z.object({
  name: z.string(),
  email: z.string(),
  contactNo: z.string(),
  address: z.string(),
  agencyUrl: z.string(),
});
export const formFields = z.object({
  clinicLabel: z.string(),
  tabs: z.array(
    z.object({
      tab: z.string(),
      fields: z.array(z.string()),
      hidden: z.array(z.string()),
      labels: z.record(z.string(), z.string()),
    }),
  ),
});
export const lookupList = z.array(z.string());
