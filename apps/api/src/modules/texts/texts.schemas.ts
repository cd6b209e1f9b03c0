import type { OutboxText, TextVisibility } from '@dm/shared';
import { z } from 'zod';

export const textVisibility = z.array(
  z.object({ receive_text_messages: z.boolean() }) satisfies z.ZodType<TextVisibility>,
);

export const outboxText = z.object({
  id: z.number().int(),
  toNumber: z.string(),
  body: z.string(),
  status: z.string(),
  createdAt: z.string(),
}) satisfies z.ZodType<OutboxText>;
