import {
  DONOR_AVAILABILITY,
  idSchema,
  type LoginOutcome,
  type LoginSuccess,
  MSG,
  ROLE_IDS,
  type RoleId,
  type SessionUser,
  USER_STATUS,
} from '@dm/shared';
import { z } from 'zod';

/** Response shapes of the auth routes, for serialisation and the OpenAPI document. */
const roleSchema = z.number().refine((v): v is RoleId => (ROLE_IDS as readonly number[]).includes(v));

/** The center's switches the session carries, each a boolean, in the order of SessionUser['center']. */
const CENTER_SWITCHES = [
  'onboarded',
  'preActiveAccess',
  'consumerSite',
  'payments',
  'compareDonors',
  'ipFormVisible',
  'preActiveDonorDetails',
  'parentTypeFilter',
] as const;

function switches<K extends string>(keys: readonly K[]): Record<K, z.ZodBoolean> {
  return Object.fromEntries(keys.map((key) => [key, z.boolean()])) as Record<K, z.ZodBoolean>;
}

export const sessionUserSchema = z.object({
  userId: z.number(),
  username: z.string(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  fullName: z.string(),
  role: roleSchema,
  status: z.enum(USER_STATUS),
  center: z.object({ id: z.number(), name: z.string(), appTitle: z.string(), ...switches(CENTER_SWITCHES) }),
  parentId: z.number().nullable(),
  managerId: z.number().nullable(),
  shortlistId: z.number().nullable(),
  eulaAccepted: z.boolean(),
  eulaAcceptedAt: z.string().nullable(),
  termsUpdatedAt: z.string(),
  lastLoginAt: z.string().nullable(),
  switchedFrom: z.object({ userId: z.number(), role: roleSchema, fullName: z.string() }).nullable(),
  donor: z
    .object({
      preFormStatus: z.number().nullable(),
      availability: z.enum(DONOR_AVAILABILITY),
      lastTab: z.number().nullable(),
    })
    .nullable(),
  client: z.object({ ipFormSubmitted: z.boolean(), firstLogin: z.boolean() }).nullable(),
}) satisfies z.ZodType<SessionUser>;

export const loginSuccessSchema = z.object({
  outcome: z.literal('success'),
  user: sessionUserSchema,
  /** Only when the login asked for it (`issueToken`); the browser uses the httpOnly cookie. */
  token: z.string().optional(),
  destination: z.string(),
}) satisfies z.ZodType<LoginSuccess>;

export const partnerRedirectSchema = z.object({
  outcome: z.literal('redirectPartnerLogin'),
  url: z.string(),
}) satisfies z.ZodType<Extract<LoginOutcome, { outcome: 'redirectPartnerLogin' }>>;

export const termsSchema = z.object({ body: z.string(), publishedAt: z.string() });
export const acceptEulaSchema = z.object({ affectedRows: z.number(), eulaAcceptedAt: z.string() });
export const signupDetailsSchema = z.object({
  username: z.string(),
  firstname: z.string(),
  middlename: z.string(),
  lastname: z.string(),
  contactno: z.string(),
  userType: roleSchema,
  agencyName: z.string(),
});
export const signupTokenAnswerSchema = z.object({ redirectUrl: z.string() });

export const tokenBody = z.object({ token: z.string().min(10, MSG.INVALID_LINK) });
export const userIdBody = z.object({ id: idSchema() });
