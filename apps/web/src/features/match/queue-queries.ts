import { canOpen, type DonorWatchBody, type DonorWatchData, type MyQueue, type QueuePlace } from '@dm/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { subjectOf, useSession } from '../../lib/session';

/** Queue places and notify-me (issue 24, decision 027): the parent's own calls. */
// Under the match keys, so every match call (which reloads matchKeys.all) reloads the places too.
export const queueKeys = {
  all: ['match', 'queue'] as const,
  mine: ['match', 'queue', 'mine'] as const,
  donor: (donorId: number) => ['match', 'queue', 'donor', donorId] as const,
};

/** Whether the signed-in user has queue places and watches (a client with the page). */
export function useWatchesDonors(): boolean {
  const { user } = useSession();
  return user !== null && canOpen(subjectOf(user), 'mymatches');
}

/** GET myqueue: the caller's places and watched donors (clients only; others never ask). */
export function useMyQueue() {
  const enabled = useWatchesDonors();
  return useQuery({
    queryKey: queueKeys.mine,
    queryFn: () => api<MyQueue>('myqueue', { silent: true }),
    enabled,
  });
}

/** The caller's place with one donor from her list, if she waits for the donor. */
export function usePlaceOf(donorId: number): QueuePlace | null {
  const mine = useMyQueue();
  return mine.data?.places.find((p) => p.donorId === donorId) ?? null;
}

export interface DonorQueue {
  place: QueuePlace | null;
  watching: boolean;
  takesRequests: boolean;
}

export function useDonorQueue(donorId: number) {
  const enabled = useWatchesDonors();
  return useQuery({
    queryKey: queueKeys.donor(donorId),
    queryFn: () => api<DonorQueue>(`donorqueue/${donorId}`, { silent: true }),
    enabled,
  });
}

/** PUT donorwatch; afterwards every queue read reloads. */
export function useWatchToggle() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: DonorWatchBody) =>
      api<DonorWatchData>('donorwatch', { method: 'PUT', body, successToast: true }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queueKeys.all }),
  });
}
