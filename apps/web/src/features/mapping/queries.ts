import type { MappingItem, MappingItemData, MappingPage, MappingSaved, MappingType } from '@dm/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api';

export const mappingKeys = {
  all: ['mapping'] as const,
  item: (item: MappingItem) => ['mapping', 'item', item] as const,
  rows: (q: { id: MappingItem; type: MappingType; page: number; search: string }) =>
    ['mapping', 'rows', q] as const,
};

export function useMappingItem(item: MappingItem | null) {
  return useQuery({
    queryKey: mappingKeys.item(item ?? 'eye_color'),
    queryFn: () => api<MappingItemData>(`getdatafromtables/${item}`),
    enabled: item !== null,
    staleTime: 60 * 60_000,
  });
}

export function useMappingRows(
  q: { id: MappingItem; type: MappingType; page: number; search: string },
  enabled: boolean,
) {
  return useQuery({
    queryKey: mappingKeys.rows(q),
    queryFn: () => api<MappingPage>('getfieldtobemapped', { body: q }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** Saves one mapping (a mapped value, or an edit of the value as it stands). */
export const saveMapping = (call: {
  name: 'updatemappingfield' | 'updatemappingfielde';
  body: Record<string, unknown>;
}) => api<MappingSaved>(call.name, { body: call.body, successToast: true, silent: true });
