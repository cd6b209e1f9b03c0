import type { CenterOption } from '@dm/shared';
import { Alert } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api';

/**
 * On the search page: agencies whose donors became searchable since the user's last login
 * (POST checkfornewagency). Nothing without a previous login or when there is none.
 */
export function NewAgenciesNotice({ lastLoginAt }: { lastLoginAt: string | null | undefined }) {
  const agencies = useQuery({
    queryKey: ['search', 'newAgencies', lastLoginAt],
    queryFn: () =>
      api<CenterOption[]>('checkfornewagency', { body: { last_login: lastLoginAt }, silent: true }),
    enabled: !!lastLoginAt,
    staleTime: Number.POSITIVE_INFINITY,
  });
  const list = agencies.data ?? [];
  if (list.length === 0) return null;
  return (
    <Alert color="blue" title="New agencies">
      Donors of {list.map((c) => c.name).join(', ')} can be searched since your last visit.
    </Alert>
  );
}
