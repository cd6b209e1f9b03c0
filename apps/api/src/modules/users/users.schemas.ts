import { idSchema } from '@dm/shared';
import { z } from 'zod';

export {
  assignClientsBody,
  assignDonorsBody,
  clientsListBody,
  inviteForAnotherRoleBody,
  inviteSecondaryBody,
  inviteUserBody,
  ipSearchHistoryBody,
  registeredIpReportBody,
  temporaryPasswordBody,
  updateUserDetailsBody,
  updateUserStatusBody,
  userListBody,
} from '@dm/shared';

export const reinviteUserBody = z.object({ userId: idSchema() });

export const inviteUserAnswer = z.object({ userId: z.number() });

export const userIdParams = z.object({ id: idSchema({ label: 'User' }) });
export const managersQuery = z.object({ center_id: idSchema({ label: 'Center' }).optional() });

/** POST /assignparticularclient: one client from the grid row. */
export const assignOneClientBody = z.object({
  manager_id: idSchema({ label: 'Manager' }),
  client_id: idSchema({ label: 'Client' }),
});

export const userRowSchema = z.object({
  userId: z.number(),
  centerId: z.number(),
  centerName: z.string(),
  role: z.number(),
  status: z.string(),
  username: z.string(),
  firstName: z.string(),
  middleName: z.string(),
  lastName: z.string(),
  contactNo: z.string(),
  managerId: z.number().nullable(),
  managerName: z.string().nullable(),
  parentId: z.number().nullable(),
  hasSecondary: z.boolean(),
  archivedNote: z.string().nullable(),
  createdAt: z.string(),
  lastLoginAt: z.string().nullable(),
});
export const userListAnswer = z.object({ rows: z.array(userRowSchema), count: z.number() });
export const staffOptionSchema = z.object({ userId: z.number(), name: z.string(), role: z.number() });
export const statusAnswer = z.object({
  userId: z.number(),
  status: z.string(),
  followers: z.array(z.number()),
});
export const assignAnswer = z.object({ assigned: z.number() });
export const ipSearchAnswer = z.object({
  rows: z.array(
    z.object({
      id: z.number(),
      userId: z.number(),
      name: z.string(),
      username: z.string(),
      summary: z.string(),
      resultCount: z.number(),
      createdAt: z.string(),
    }),
  ),
  count: z.number(),
});

export const clientOptionSchema = z.object({
  userId: z.number(),
  name: z.string(),
  username: z.string(),
  status: z.string(),
});
export const contactDetailsSchema = z.object({
  userId: z.number(),
  role: z.number(),
  name: z.string(),
  email: z.string(),
  contactNo: z.string(),
  countryCode: z.string(),
});
export const ipCacheTimeSchema = z.object({ updatedAt: z.string().nullable() });
