import type { AuditLogQuery, AuditPage } from '@dm/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api';

export const auditKeys = { list: (q: AuditLogQuery) => ['auditlog', q] as const };

/** GET /auditlog: a page of donor audit entries. Errors are shown on the form (silent). */
export const useAuditLog = (q: AuditLogQuery, enabled: boolean) =>
  useQuery({
    queryKey: auditKeys.list(q),
    queryFn: () =>
      api<AuditPage>('auditlog', {
        query: { ...q, donor: q.donor || undefined, user: q.user || undefined },
        silent: true,
      }),
    enabled,
    placeholderData: keepPreviousData,
    retry: false,
  });
