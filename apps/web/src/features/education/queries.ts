import type { EducationResource, EducationResourceType, SaveEducationResourceBody } from '@dm/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';

export const educationKeys = {
  all: ['education'] as const,
  list: (type: EducationResourceType) => ['education', 'list', type] as const,
};

/** GET educationresources/{type}: clients get the published ones, the admin every one. */
export function useEducationResources(type: EducationResourceType) {
  return useQuery({
    queryKey: educationKeys.list(type),
    queryFn: () => api<EducationResource[]>(`educationresources/${type}`),
  });
}

function useEducationMutation<V, R>(call: (vars: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: educationKeys.all }),
  });
}

/** Add (no id) or edit; the dialog shows a refusal at its field. */
export const useSaveEducationResource = () =>
  useEducationMutation((body: SaveEducationResourceBody) =>
    api<EducationResource>('saveeducationresource', { body, silent: true, successToast: true }),
  );

export const useReorderEducationResources = () =>
  useEducationMutation((body: { type: EducationResourceType; ids: number[] }) =>
    api<EducationResource[]>('reordereducationresources', { body, successToast: true }),
  );

export const usePublishEducationResource = () =>
  useEducationMutation((body: { id: number; published: boolean }) =>
    api<EducationResource>('publisheducationresource', { body, successToast: true }),
  );

export const useDeleteEducationResource = () =>
  useEducationMutation((id: number) =>
    api<null>('deleteeducationresource', { body: { id }, successToast: true }),
  );
