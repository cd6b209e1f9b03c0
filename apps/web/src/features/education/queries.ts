import {
  educationContract as contract,
  type EducationResourceType,
  type SaveEducationResourceBody,
} from '@dm/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../lib/api';

export const educationKeys = {
  all: ['education'] as const,
  list: (type: EducationResourceType) => ['education', 'list', type] as const,
};

/** GET educationresources/{type}: clients get the published ones, the admin every one. */
export function useEducationResources(type: EducationResourceType) {
  return useQuery({
    queryKey: educationKeys.list(type),
    queryFn: () => call(contract.list, { params: { resourcetype: type } }),
  });
}

function useEducationMutation<V, R>(write: (vars: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: educationKeys.all }),
  });
}

/** Add (no id) or edit; the dialog shows a refusal at its field. */
export const useSaveEducationResource = () =>
  useEducationMutation((body: SaveEducationResourceBody) =>
    call(contract.save, { body }, { silent: true, successToast: true }),
  );

export const useReorderEducationResources = () =>
  useEducationMutation((body: { type: EducationResourceType; ids: number[] }) =>
    call(contract.reorder, { body }, { successToast: true }),
  );

export const usePublishEducationResource = () =>
  useEducationMutation((body: { id: number; published: boolean }) =>
    call(contract.publish, { body }, { successToast: true }),
  );

export const useDeleteEducationResource = () =>
  useEducationMutation((id: number) => call(contract.remove, { body: { id } }, { successToast: true }));
