import {
  mappingContract as contract,
  MAPPING_MSG,
  type MappingItem,
  type MappingType,
  type UpdateMappingBody,
  type UpdateMappingOneBody,
} from '@dm/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, call } from '../../lib/api';

export const mappingKeys = {
  all: ['mapping'] as const,
  item: (item: MappingItem) => ['mapping', 'item', item] as const,
  rows: (q: { id: MappingItem; type: MappingType; page: number; search: string }) =>
    ['mapping', 'rows', q] as const,
};

export function useMappingItem(item: MappingItem | null) {
  return useQuery({
    queryKey: mappingKeys.item(item ?? 'eye_color'),
    queryFn: () => call(contract.item, { params: { id: item ?? 'eye_color' } }),
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
    queryFn: () => call(contract.rows, { body: q }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** One row's mapping, or rows moved together, named by the endpoint that saves it. */
type SaveMapping =
  | { name: 'updatemappingfielde'; body: UpdateMappingOneBody }
  | { name: 'updatemappingfield'; body: UpdateMappingBody };

/** Saves a mapping (one row, or rows moved together); a refusal goes to `onError` to show inline. */
export function useSaveMapping(onDone: () => void, onError: (message: string) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (save: SaveMapping) =>
      save.name === 'updatemappingfielde'
        ? call(contract.mapOne, { body: save.body }, { successToast: true, silent: true })
        : call(contract.mapMany, { body: save.body }, { successToast: true, silent: true }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: mappingKeys.all });
      onDone();
    },
    onError: (error) => onError(error instanceof ApiError ? error.message : MAPPING_MSG.VALUE_INVALID),
  });
}
