import { remindersContract as contract, type EmailSchedule, type EmailSchedulerData } from '@dm/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../lib/api';

export const reminderKeys = {
  scheduler: (centerId: number) => ['reminders', 'scheduler', centerId] as const,
};

/** GET getemailscheduler: the agency's schedule (null before one is saved) and its templates. */
export function useEmailScheduler(centerId: number | null) {
  return useQuery({
    queryKey: reminderKeys.scheduler(centerId ?? 0),
    queryFn: () => call(contract.scheduler, { query: { center_id: centerId! } }),
    enabled: centerId !== null,
  });
}

/** POST saveemailscheduler and saveemailschedulertoggle; the answer is the new state of the screen. */
export function useSchedulerWrites(centerId: number | null) {
  const queryClient = useQueryClient();
  const onSuccess = (data: EmailSchedulerData) =>
    queryClient.setQueryData(reminderKeys.scheduler(data.centerId), data);
  const save = useMutation({
    mutationFn: (emailSchedule: EmailSchedule) =>
      call(
        contract.save,
        { body: { center_id: centerId ?? undefined, emailSchedule } },
        { successToast: true },
      ),
    onSuccess,
  });
  const toggle = useMutation({
    mutationFn: (emailFlag: boolean) =>
      call(
        contract.toggle,
        { body: { center_id: centerId ?? undefined, emailSchedule: { emailFlag } } },
        { successToast: true },
      ),
    onSuccess,
  });
  return { save, toggle };
}
