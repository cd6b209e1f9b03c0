import type { DonorMedia } from '@dm/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api';

export const uploadKeys = {
  media: (donorId: number) => ['uploads', 'media', donorId] as const,
};

export function useDonorMedia(donorId: number) {
  return useQuery({
    queryKey: uploadKeys.media(donorId),
    queryFn: () => api<DonorMedia>(`donormedia/${donorId}`),
  });
}

/** A picture, video or document public or private. */
export const setVisibility = (
  donorId: number,
  type: 'picture' | 'video' | 'document',
  id: number,
  isPublic: boolean,
) =>
  api<null>('donoruploaditemsvisibility', {
    body: { donorId, type, id, is_public: isPublic },
    successToast: true,
  });
