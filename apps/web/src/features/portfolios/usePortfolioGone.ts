import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { ApiError } from '../../lib/api-error';
import { notify } from '../../lib/notify';

/** A client acting on a portfolio the case manager moved away: warn and leave for /noportfolio/1. */
export function usePortfolioGone() {
  const navigate = useNavigate();
  return useCallback(
    (error: unknown): boolean => {
      const redirect =
        error instanceof ApiError ? (error.data as { redirect?: string } | null)?.redirect : undefined;
      if (!redirect) return false;
      notify('warning', (error as ApiError).message);
      navigate(redirect);
      return true;
    },
    [navigate],
  );
}
