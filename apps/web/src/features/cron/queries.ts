import { CRON_PAGE_SIZE, type CronStatusFilter, cronContract as contract } from '@dm/shared';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { call } from '../../lib/api';

export const cronKeys = {
  counts: (center: number) => ['cron', 'counts', center] as const,
  centers: (status: CronStatusFilter) => ['cron', 'centers', status] as const,
  jobs: (status: CronStatusFilter) => ['cron', 'jobs', status] as const,
  runs: (q: { center_id: number; status: CronStatusFilter }) => ['cron', 'runs', q] as const,
};

export const useCronCounts = (center: number, enabled: boolean) =>
  useQuery({
    queryKey: cronKeys.counts(center),
    queryFn: () => call(contract.counts, { params: { center } }),
    enabled,
  });

export const useCronCenters = (status: CronStatusFilter, enabled: boolean) =>
  useQuery({
    queryKey: cronKeys.centers(status),
    queryFn: () => call(contract.centers, { params: { status } }),
    enabled,
  });

export const useCronJobs = (status: CronStatusFilter) =>
  useQuery({ queryKey: cronKeys.jobs(status), queryFn: () => call(contract.jobs, { params: { status } }) });

/** The runs grid: 25 first, then each page from the entryUpto the server gave. */
export const useCronRuns = (q: { center_id: number; status: CronStatusFilter }, enabled: boolean) =>
  useInfiniteQuery({
    queryKey: cronKeys.runs(q),
    enabled,
    initialPageParam: 0,
    queryFn: ({ pageParam }) => call(contract.runs, { body: { ...q, from: pageParam, to: CRON_PAGE_SIZE } }),
    getNextPageParam: (last) => (last.entryUpto < last.total ? last.entryUpto : undefined),
  });
