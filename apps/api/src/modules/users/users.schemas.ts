import { emailSchema } from '@dm/shared';
import { z } from 'zod';

const name = (label: string) =>
  z.string().trim().min(1, `Please enter ${label}`).max(100, `${label} is too long.`);

/**
 * POST /inviteuser. Every role id is accepted here so that a role the caller may not invite
 * answers 403 from the rules rather than 400 from the schema.
 */
export const inviteUserBody = z.object({
  username: emailSchema,
  userType: z.union([z.literal(1), z.literal(2), z.literal(6), z.literal(7), z.literal(9)]),
  firstname: name('First Name'),
  lastname: name('Last Name'),
  managerId: z.number().int().positive().optional(),
  /** Required when the master admin invites an agency admin; others invite into their own center. */
  centerId: z.number().int().positive().optional(),
});
export type InviteUserBody = z.infer<typeof inviteUserBody>;

export const reinviteUserBody = z.object({ userId: z.number().int().positive() });

export const inviteUserAnswer = z.object({ userId: z.number() });
