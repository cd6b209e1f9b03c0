import { z } from 'zod';

export {
  fieldToBeMappedBody,
  mappingItemParams,
  updateMappingBody,
  updateMappingOneBody,
} from '@dm/shared';

export const mappingItemAnswer = z.object({
  id: z.string(),
  label: z.string(),
  kind: z.enum(['list', 'multi', 'date']),
  values: z.array(z.string()),
});

const mappingRow = z.object({
  id: z.number(),
  type: z.string(),
  mapped_type: z.string().nullable(),
  mapped_type_name: z.string().nullable(),
  donor_count: z.number(),
  created_at: z.string(),
  mapped_at: z.string().nullable(),
});

export const mappingPageAnswer = z.object({
  rows: z.array(mappingRow),
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
});

export const mappingSavedAnswer = z.object({ rows: z.number(), donors: z.number() });
