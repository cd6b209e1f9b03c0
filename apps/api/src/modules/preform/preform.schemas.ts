import { idSchema } from '@dm/shared';
import { z } from 'zod';

/** GET /getpreformdetails/{userId} */
export const userIdParams = z.object({
  userId: idSchema({ label: 'User id' }),
});

const eligibility = z.object({
  eligible: z.boolean(),
  reasons: z.array(z.enum(['age', 'bmi', 'answers'])),
  bmi: z.number(),
  disqualifyingQuestionIds: z.array(z.number()),
});

export const preformDetails = z.object({
  userId: z.number(),
  preFormStatus: z.union([z.literal(0), z.literal(1)]).nullable(),
  submittedAt: z.string().nullable(),
  questions: z.array(
    z.object({
      questionId: z.number(),
      kind: z.enum(['name', 'email', 'date', 'height', 'weight', 'yesno']),
      label: z.string(),
      question: z.string(),
      answer: z.string().nullable(),
    }),
  ),
  eligibility: eligibility.nullable(),
});

export const preformResult = z.object({ preFormStatus: z.union([z.literal(0), z.literal(1)]) });

export const rejectionRange = z.object({
  first_time_donor_min_age: z.number(),
  first_time_donor_max_age: z.number(),
  experience_donor_min_age: z.number(),
  experience_donor_max_age: z.number(),
  bmi_min: z.number(),
  bmi_max: z.number(),
});

export const rejectionSettings = rejectionRange.extend({ auto_rejection: z.boolean() });

export const rejectionQuestions = z.array(
  z.object({
    id: z.number(),
    label: z.string(),
    question: z.string(),
    disqualifying: z.enum(['yes', 'no']),
    is_enabled: z.boolean(),
  }),
);
