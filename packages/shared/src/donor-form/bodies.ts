import { z } from 'zod';
import { idSchema } from '../validation.js';
import { DONOR_FORM_TABS, SAVABLE_TABS } from './tabs.js';

// Request bodies

export const getFormBody = z.object({
  tabName: z.enum(DONOR_FORM_TABS),
  userId: idSchema().optional(),
});
export const updateFormBody = z.object({
  tabName: z.enum(SAVABLE_TABS),
  userId: idSchema().optional(),
  formData: z.record(z.string(), z.unknown()),
});
export type UpdateFormBody = z.infer<typeof updateFormBody>;
export const submitFormBody = z.object({ userId: idSchema().optional() });
export const lastVisitedBody = z.object({
  lastTab: z.coerce.number().int().min(1).max(DONOR_FORM_TABS.length),
});
export const agencyDonorIdBody = z.object({
  userId: idSchema(),
  displayId: z.string().trim().min(1).max(40),
});
