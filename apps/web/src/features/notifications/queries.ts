import {
  notificationsContract as contract,
  type NotificationList,
  type NotificationRange,
  type UnsubscribeBody,
} from '@dm/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../lib/api';
import { useRealtimeEvent, useRealtimeReconnect } from '../../lib/realtime';

export const notificationKeys = {
  all: ['notifications'] as const,
  list: (range: NotificationRange) => ['notifications', 'list', range] as const,
};

/** GET /getnotifications[/{range}]: the caller's notifications (not archived) and the unread count. */
export function useNotifications(range: NotificationRange = 'all') {
  return useQuery({
    queryKey: notificationKeys.list(range),
    queryFn: () =>
      range === 'all' ? call(contract.list, {}) : call(contract.listRange, { params: { range } }),
  });
}

/**
 * Keeps the notification lists current without polling: the server pushes the new unread count
 * after each change ('notification'); the lists are asked for again then, and after a reconnect
 * (events may have been missed while the socket was down).
 */
export function useLiveNotifications() {
  const queryClient = useQueryClient();
  useRealtimeEvent('notification', ({ unread }) => {
    queryClient.setQueryData<NotificationList>(notificationKeys.list('all'), (old) =>
      old ? { ...old, unread } : old,
    );
    void queryClient.invalidateQueries({ queryKey: notificationKeys.all });
  });
  useRealtimeReconnect(() => {
    void queryClient.invalidateQueries({ queryKey: notificationKeys.all });
  });
}

function useNotificationMutation<V>(write: (vars: V) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: notificationKeys.all }),
  });
}

/** GET /readnotificationbyid/{id}. */
export const useReadNotification = () =>
  useNotificationMutation((id: number) => call(contract.readOne, { params: { id } }));

/** GET /readnotification: all read. */
export const useReadAllNotifications = () =>
  useNotificationMutation(() => call(contract.readAll, {}, { successToast: true }));

/** POST /archivenotification. */
export const useArchiveNotification = () =>
  useNotificationMutation((id: number) =>
    call(contract.archive, { body: { notification_id: id } }, { successToast: true }),
  );

/** POST /unsubscribe (public): the answer is the same whether or not the account exists. */
export function useUnsubscribe() {
  return useMutation({
    mutationFn: (body: UnsubscribeBody) => call(contract.unsubscribe, { body }, { silent: true }),
  });
}
