import {
  MAPPING_MSG,
  type MappingItem,
  type MappingItemData,
  type MappingPage,
  type MappingSaved,
  type MappingType,
} from '@dm/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, api } from '../../lib/api';

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

/** Saves a mapping (one row, or rows moved together); a refusal goes to `onError` to show inline. */
export function useSaveMapping(onDone: () => void, onError: (message: string) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (call: {
      name: 'updatemappingfield' | 'updatemappingfielde';
      body: Record<string, unknown>;
    }) => api<MappingSaved>(call.name, { body: call.body, successToast: true, silent: true }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: mappingKeys.all });
      onDone();
    },
    onError: (error) => onError(error instanceof ApiError ? error.message : MAPPING_MSG.VALUE_INVALID),
  });
}
