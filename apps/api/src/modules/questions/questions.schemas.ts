import {
  type CustomQuestion,
  type DonorQuestion,
  idSchema,
  QUESTION_TABS,
  QUESTION_TYPES,
  QUESTION_VISIBILITIES,
  questionOption,
} from '@dm/shared';
import { z } from 'zod';

/*
 * Request bodies are the shared schemas (saveQuestionBody, updateQuestionBody,
 * questionStatusBody, restoreQuestionBody, submitAnswersBody) the web forms use too.
 */

export const customQuestion = z.object({
  id: z.number(),
  centerId: z.number(),
  question: z.string(),
  type: z.enum(QUESTION_TYPES),
  status: z.enum(QUESTION_VISIBILITIES),
  isActive: z.boolean(),
  isRequired: z.boolean(),
  tab: z.enum(QUESTION_TABS),
  options: z.array(questionOption),
  updatedAt: z.string(),
}) satisfies z.ZodType<CustomQuestion>;

export const donorQuestion = customQuestion.extend({ answer: z.string() }) satisfies z.ZodType<DonorQuestion>;

export const donorIdParams = z.object({ id: idSchema() });
