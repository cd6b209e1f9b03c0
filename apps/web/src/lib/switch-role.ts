import type { LoginOutcome } from '@dm/shared';
import { useMutation } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { api } from './api';
import { useSession } from './session';

type Success = Extract<LoginOutcome, { outcome: 'success' }>;

/** An admin works inside a user's account (authadmin) and comes back (switchback). */
export function useSwitchInto() {
  const { signedIn } = useSession();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: (userId: number) => api<Success>('authadmin', { body: { id: userId } }),
    onSuccess: (answer) => {
      signedIn(answer);
      navigate(answer.destination);
    },
  });
}

export function useSwitchBack() {
  const { signedIn } = useSession();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: () => api<Success>('switchback', { method: 'POST', body: {} }),
    onSuccess: (answer) => {
      signedIn(answer);
      navigate(answer.destination);
    },
  });
}
