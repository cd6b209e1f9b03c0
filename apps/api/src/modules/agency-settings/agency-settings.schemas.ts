import type {
  AgencyAccessDetails,
  AgencyDefaultManager,
  AgencyManager,
  AgencyTwilio,
  FeeOptions,
} from '@dm/shared';
import { z } from 'zod';

/*
 * The request bodies are the shared schemas (packages/shared/src/agency-settings.ts) the forms
 * use too; here the answers, which the serializer writes field by field (nothing else leaves).
 */

export const accessDetailsData = z.object({
  centerId: z.number(),
  centerName: z.string(),
  isFirstNameVisible: z.boolean(),
  ipFormVisible: z.boolean(),
  receiveTextMessages: z.boolean(),
  canPreactiveIpAccessDonorDetail: z.boolean(),
  isDonorTypeVisible: z.boolean(),
  isCompensationVisible: z.boolean(),
  portfolioDonorCount: z.number(),
  defaultCaseManagerId: z.number().nullable(),
  preActiveAccess: z.boolean(),
}) satisfies z.ZodType<AgencyAccessDetails>;

export const managersData = z.array(
  z.object({ userId: z.number(), name: z.string(), email: z.string(), status: z.string() }),
) satisfies z.ZodType<AgencyManager[]>;

export const defaultManagerData = z.object({
  defaultCaseManagerId: z.number().nullable(),
  name: z.string().nullable(),
}) satisfies z.ZodType<AgencyDefaultManager>;

/** Never the token, and the SID only as its hint: the schema is what the serializer writes. */
export const twilioData = z.object({
  centerId: z.number(),
  twilioPhoneNumber: z.string().nullable(),
  accountSidHint: z.string().nullable(),
  authTokenSet: z.boolean(),
  pendingRequest: z
    .object({
      id: z.number(),
      requestedNumber: z.string().nullable(),
      reason: z.string(),
      requestedByName: z.string(),
      createdAt: z.string(),
    })
    .nullable(),
}) satisfies z.ZodType<AgencyTwilio>;

export const feeOptionsData = z.object({
  centerId: z.number(),
  isCompensationVisible: z.boolean(),
  options: z.array(
    z.object({
      option_id: z.number(),
      options: z.string(),
      center_id: z.number().nullable(),
      comment: z.string(),
    }),
  ),
}) satisfies z.ZodType<FeeOptions>;
