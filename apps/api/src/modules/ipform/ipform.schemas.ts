import { IP_FORM_MSG, IP_FORM_TABS, idSchema } from '@dm/shared';
import { z } from 'zod';

/** GET /getipformstatus/{userId} */
export const userIdParams = z.object({
  userId: idSchema({ message: IP_FORM_MSG.USER_INVALID }),
});

export const visibility = z.object({ ipFormVisible: z.boolean() });
export const statusCenter = z.object({ ipFormVisible: z.boolean(), submitted: z.boolean().nullable() });
export const status = z.object({
  userId: z.number(),
  ipFormVisible: z.boolean(),
  submitted: z.boolean(),
  submittedAt: z.string().nullable(),
});
export const submission = z.object({ submittedAt: z.string() });

const text = z.string().nullable();
const num = z.number().nullable();
const yesNo = z.union([z.literal(0), z.literal(1)]).nullable();

const general = z.object({
  country: text,
  state: text,
  city: text,
  city_other: text,
  zipcode: text,
  dob: text,
  sec_partner_dob: text,
  consultation_date: text,
  previous_therapy: yesNo,
  previous_therapy_description: text,
  psychological_medication: yesNo,
  psychological_medication_description: text,
  convicted_in_child_abuse: yesNo,
  convicted_in_child_abuse_description: text,
});
const personal = z.object({
  height: num,
  sec_partner_height: num,
  donor_height: num,
  weight: num,
  sec_partner_weight: num,
});
const fertility = z.object({
  diagnosis: z.array(z.string()),
  diagnosis_other: text,
  months_trying: num,
  previous_pregnancies: num,
  live_births: num,
  cycles: z.array(z.object({ treatment: text, year: num, outcome: text })),
  frozen_embryos: num,
  clinic_name: text,
  clinic_city: text,
  physician_name: text,
  sperm_source: text,
  notes: text,
});

/** POST /getipformdetails, /updateipformdetails */
export const details = z.object({
  userId: z.number(),
  tabName: z.enum(IP_FORM_TABS),
  access: z.enum(['edit', 'preview']),
  submittedAt: z.string().nullable(),
  general: general.nullable(),
  personalCharacteristics: personal.nullable(),
  fertilityHistory: fertility.nullable(),
});
