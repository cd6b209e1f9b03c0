import { dexiContract as contract, type SaveDexiSourceBody } from '@dm/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../lib/api';

/** Query keys of /dexi. */
export const dexiKeys = {
  all: ['dexi'] as const,
  runs: (centerId: number) => ['dexi', 'runs', centerId] as const,
  source: (centerId: number) => ['dexi', 'source', centerId] as const,
};

/** The newest runs of a center (0: every center), read again every 2 s while one is under way. */
export function useDexiRuns(centerId: number) {
  return useQuery({
    queryKey: dexiKeys.runs(centerId),
    queryFn: () => call(contract.runs, { params: { center: centerId } }),
    refetchInterval: (query) =>
      query.state.data?.some(
        (r) => r.status === 'queued' || r.status === 'fetching' || r.status === 'importing',
      )
        ? 2000
        : false,
  });
}

export function useDexiSource(centerId: number | null) {
  return useQuery({
    queryKey: dexiKeys.source(centerId ?? 0),
    queryFn: () => call(contract.source, { params: { center: centerId ?? 0 } }),
    enabled: centerId !== null,
  });
}

export function useSaveDexiSource() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SaveDexiSourceBody) =>
      call(contract.saveSource, { body }, { successToast: true, silent: true }),
    onSuccess: (source) => queryClient.setQueryData(dexiKeys.source(source.centerId), source),
  });
}

/** executedexirun: starts a run of the center's source; the lists are read again after. */
export function useStartDexiRun() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (centerId: number) =>
      call(contract.execute, { body: { center_id: centerId } }, { successToast: true }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: dexiKeys.all }),
  });
}
