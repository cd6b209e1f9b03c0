import { Alert } from '@mantine/core';
import { useNewAgencies } from './queries';

/**
 * On the search page: agencies whose donors became searchable since the user's last login
 * (POST checkfornewagency). Nothing without a previous login or when there is none.
 */
export function NewAgenciesNotice({ lastLoginAt }: { lastLoginAt: string | null | undefined }) {
  const agencies = useNewAgencies(lastLoginAt);
  const list = agencies.data ?? [];
  if (list.length === 0) return null;
  return (
    <Alert color="blue" title="New agencies">
      Donors of {list.map((c) => c.name).join(', ')} can be searched since your last visit.
    </Alert>
  );
}
