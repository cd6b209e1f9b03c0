import { COMMUNICATION_TYPES, type EmailCodeSent, idSchema, type ProfileView } from '@dm/shared';
import { z } from 'zod';

/** GET getuserbyuserid/{id} */
export const profileIdParams = z.object({ id: idSchema({ label: 'User' }) });

export const profileView = z.object({
  user_id: z.number(),
  email: z.string(),
  role: z.number(),
  status: z.string(),
  center_id: z.number(),
  first_name: z.string(),
  middle_name: z.string(),
  last_name: z.string(),
  contact_no: z.string(),
  country_code: z.string(),
  mobile_verified_user: z.boolean(),
  country: z.string(),
  state: z.string(),
  city: z.string(),
  address: z.string(),
  address2: z.string(),
  zipcode: z.string(),
  communication_type: z.enum(COMMUNICATION_TYPES),
  is_email_notification: z.boolean(),
  is_text_notification: z.boolean(),
  is_message: z.boolean(),
  cc_email: z.string(),
  cc_expiry_date: z.string(),
  searching_for: z.string(),
  voicemail: z.boolean(),
  working_with_clinic: z.boolean(),
  clinic_detail: z.string(),
  working_with_agency: z.boolean(),
  sperm_source: z.string(),
  referral_detail: z.string(),
  referral_other: z.string(),
  receive_education_email: z.boolean(),
  secondary_parent_email: z.string().nullable(),
  texts_available: z.boolean(),
}) satisfies z.ZodType<ProfileView>;

export const emailCodeSent = z.object({
  resendAfterSeconds: z.number().int(),
  expiresInSeconds: z.number().int(),
}) satisfies z.ZodType<EmailCodeSent>;
