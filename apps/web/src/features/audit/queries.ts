import { type AuditLogQuery, auditContract as contract } from '@dm/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { call } from '../../lib/api';

export const auditKeys = { list: (q: AuditLogQuery) => ['auditlog', q] as const };

/** GET /auditlog: a page of donor audit entries, fetched fresh. Errors are shown on the form (silent). */
export const useAuditLog = (q: AuditLogQuery, enabled: boolean) =>
  useQuery({
    queryKey: auditKeys.list(q),
    queryFn: () =>
      call(
        contract.list,
        { query: { ...q, donor: q.donor || undefined, user: q.user || undefined } },
        { silent: true },
      ),
    enabled,
    // A log is read for what just happened: never the 30 s cache of the other lists.
    staleTime: 0,
    placeholderData: keepPreviousData,
    retry: false,
  });
