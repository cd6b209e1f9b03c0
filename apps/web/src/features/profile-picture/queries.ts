import { profilePictureContract as contract, type RoleId, type UserPicture } from '@dm/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, call } from '../../lib/api';

export const pictureKeys = {
  all: ['profile-picture'] as const,
  of: (userId: number) => ['profile-picture', userId] as const,
};

/** GET /profilepicture/{userId}: the picture's address (with its version), or null. */
export const useUserPicture = (userId: number, enabled = true) =>
  useQuery({
    queryKey: pictureKeys.of(userId),
    queryFn: () => call(contract.get, { params: { userId } }, { silent: true }),
    enabled,
    staleTime: 5 * 60_000,
  });

/**
 * POST /uploadprofilepic/{userId}/0/{userTypeId}: a chosen file as it is, or the editor's result
 * (`edited`, so an empty one is 'Edited image size is too small').
 */
export function uploadUserPicture(userId: number, role: RoleId, file: Blob, name: string, edited: boolean) {
  const form = new FormData();
  if (edited) form.append('edited', '1');
  form.append('file', file, name);
  // Multipart: a plain route outside the contracts.
  return api<UserPicture>(`uploadprofilepic/${userId}/0/${role}`, {
    body: form,
    silent: true,
    successToast: true,
  });
}

/** DELETE /profilepicture/{userId}. */
export const removeUserPicture = (userId: number) =>
  call(contract.remove, { params: { userId } }, { successToast: true });

/** Runs a change of the picture, then shows the new one everywhere (page and header). */
export function usePictureChange(userId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (call: () => Promise<UserPicture>) => call(),
    onSuccess: (picture) => queryClient.setQueryData(pictureKeys.of(userId), picture),
  });
}
