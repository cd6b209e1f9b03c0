import { type CallInput, statisticsContract as contract } from '@dm/shared';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../lib/api';

type Statistic = keyof typeof contract;
/** What a statistic takes beside the center (the case managers' sort and search, a user type). */
type Extra<K extends Statistic> = Omit<NonNullable<CallInput<(typeof contract)[K]>['body']>, 'center_id'>;

/** center_id sent with every statistic: null counts the caller's center (admin) or all (master). */
export function useStatistic<K extends Statistic>(name: K, centerId: number | null, extra?: Extra<K>) {
  const endpoint = contract[name];
  const body = { center_id: centerId, ...extra };
  return useQuery({
    queryKey: ['statistics', endpoint.path.slice(1), body],
    queryFn: () => call(endpoint, { body } as CallInput<(typeof contract)[K]>),
  });
}
