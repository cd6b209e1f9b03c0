import { z } from 'zod';

export { changePasswordBody } from '@dm/shared';

export const passwordChangedSchema = z.object({ endedSessions: z.number() });

export const staffMemberSchema = z.object({
  userId: z.number(),
  name: z.string(),
  role: z.number(),
  email: z.string(),
  contactNo: z.string().nullable(),
  status: z.string(),
});
