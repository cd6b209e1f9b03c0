import {
  coachingContract as contract,
  type SaveCoachingHoursInput,
  type ScheduleSessionInput,
  type SessionListInput,
} from '@dm/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../lib/api';

export const coachingKeys = {
  all: ['coaching'] as const,
  count: ['coaching', 'count'] as const,
  slots: ['coaching', 'slots'] as const,
  address: ['coaching', 'address'] as const,
  hours: ['coaching', 'hours'] as const,
  sessions: (body: SessionListInput) => ['coaching', 'sessions', body] as const,
  comments: (sessionId: number) => ['coaching', 'comments', sessionId] as const,
};

/** GET getavailablesessioncount: the couple's credits left. */
export const useAvailableCount = (enabled = true) =>
  useQuery({
    queryKey: coachingKeys.count,
    queryFn: () => call(contract.availableCount, {}),
    enabled,
  });

/** GET getcoachingslots: the case manager's free times; its refusals show on the page (silent). */
export const useCoachingSlots = (enabled: boolean) =>
  useQuery({
    queryKey: coachingKeys.slots,
    queryFn: () => call(contract.slots, {}, { silent: true }),
    enabled,
    retry: false,
    staleTime: 0,
  });

/** GET fetchcoahingsessionaddress: where sessions take place (silent: none published yet is a state). */
export const useCoachingAddress = (enabled: boolean) =>
  useQuery({
    queryKey: coachingKeys.address,
    queryFn: () => call(contract.address, {}, { silent: true }),
    enabled,
    retry: false,
  });

/** POST getcounsellingsessionlist: a page of sessions (the couple's, a manager's, a center's). */
export const useCoachingSessions = (body: SessionListInput) =>
  useQuery({
    queryKey: coachingKeys.sessions(body),
    queryFn: () => call(contract.list, { body }),
    placeholderData: keepPreviousData,
  });

/** Everything coaching shows again after a change (lists, credits, slots, the poll's answer). */
function useRefreshCoaching() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: coachingKeys.all });
}

/** POST schedulecounsellingsession: refusals go to the page (a taken slot reloads the slots). */
export function useBookSession() {
  const refresh = useRefreshCoaching();
  return useMutation({
    mutationFn: (body: ScheduleSessionInput) =>
      call(contract.schedule, { body }, { silent: true, successToast: true }),
    onSettled: refresh,
  });
}

/** POST updatesessionstatus: Requested to Done. */
export function useConfirmSession() {
  const refresh = useRefreshCoaching();
  return useMutation({
    mutationFn: (body: { session_id: number; user_id: number }) =>
      call(contract.confirm, { body }, { successToast: true }),
    onSuccess: refresh,
  });
}

/** POST cancelcoachingsession: the credit comes back. */
export function useCancelSession() {
  const refresh = useRefreshCoaching();
  return useMutation({
    mutationFn: (sessionId: number) =>
      call(contract.cancel, { body: { session_id: sessionId } }, { successToast: true }),
    onSuccess: refresh,
  });
}

/** GET getallsessioncomments/{id}. */
export const useSessionComments = (sessionId: number | null) =>
  useQuery({
    queryKey: coachingKeys.comments(sessionId ?? 0),
    // Enabled only with a session.
    queryFn: () => call(contract.comments, { params: { sessionId: sessionId ?? 0 } }),
    enabled: sessionId !== null,
  });

/** POST savesessioncomment: the thread comes back with it; the lists' counts refresh. */
export function useSaveComment(sessionId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (comment: string) =>
      call(contract.saveComment, { body: { session_id: sessionId, comment } }, { silent: true }),
    onSuccess: async (thread) => {
      queryClient.setQueryData(coachingKeys.comments(sessionId), thread);
      await queryClient.invalidateQueries({ queryKey: ['coaching', 'sessions'] });
    },
  });
}

/** GET getcoachingavailability: the manager's own hours. */
export const useCoachingHours = () =>
  useQuery({ queryKey: coachingKeys.hours, queryFn: () => call(contract.hours, {}) });

/** POST savecoachingavailability. */
export function useSaveHours() {
  const refresh = useRefreshCoaching();
  return useMutation({
    mutationFn: (body: SaveCoachingHoursInput) =>
      call(contract.saveHours, { body }, { silent: true, successToast: true }),
    onSuccess: refresh,
  });
}

/** POST fetchcalendlycallback {count}: one try of the booking confirmation poll. */
export const pollBooking = (count: number) =>
  call(contract.calendlyCallback, { body: { count } }, { silent: true });
