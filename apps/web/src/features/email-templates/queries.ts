import type { CenterOption, ConnectionInfo, EmailDefinition, EmailTypeOption } from '@dm/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api';

/** Query keys of the e-mail template and connection screens. */
export const emailKeys = {
  centers: ['centers'] as const,
  types: ['email-templates', 'types'] as const,
  definition: (centerId: number, emailTypeId: number) =>
    ['email-templates', 'definition', centerId, emailTypeId] as const,
  connection: (centerId: number) => ['email-templates', 'connection', centerId] as const,
};

/** Every agency, for the master admin's agency select (GET /getcenters). */
export function useCenters(enabled: boolean) {
  return useQuery({
    queryKey: emailKeys.centers,
    queryFn: () => api<CenterOption[]>('getcenters'),
    enabled,
    staleTime: 5 * 60_000,
  });
}

export function useEmailTypes() {
  return useQuery({
    queryKey: emailKeys.types,
    queryFn: () => api<EmailTypeOption[]>('getemailtypes'),
    staleTime: 10 * 60_000,
  });
}

export function useEmailDefinition(centerId: number | null, emailTypeId: number | null) {
  return useQuery({
    queryKey: emailKeys.definition(centerId ?? 0, emailTypeId ?? 0),
    queryFn: () =>
      api<EmailDefinition>('getemaildefinition', {
        query: { center_id: centerId! },
        body: { email_type: emailTypeId },
      }),
    enabled: centerId !== null && emailTypeId !== null,
  });
}

export function fetchDefaultDefinition(centerId: number, emailTypeId: number) {
  return api<EmailDefinition>('getdefaultemaildefinition', {
    query: { center_id: centerId },
    body: { email_type: emailTypeId },
  });
}

export function useConnection(centerId: number | null) {
  return useQuery({
    queryKey: emailKeys.connection(centerId ?? 0),
    queryFn: () => api<ConnectionInfo | null>('gettestconnection', { body: { center_id: centerId } }),
    enabled: centerId !== null,
  });
}

/** The first message per field of a failed parse of a shared request schema. */
export function fieldErrors(error: {
  issues: readonly { path: readonly PropertyKey[]; message: string }[];
}): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of error.issues) {
    const field = String(issue.path[0] ?? 'form');
    errors[field] ??= issue.message;
  }
  return errors;
}
