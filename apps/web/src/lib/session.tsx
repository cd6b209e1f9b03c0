import {
  type AccessSubject,
  accessSubjectOf,
  type LoginOutcome,
  MSG,
  mustAcceptTerms,
  type PolicySubject,
  type SessionUser,
} from '@dm/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { ApiError, api, checkLocalExpiry, installApiHandlers, markActivity } from './api';
import { notify } from './notify';
import { realtime, useRealtimeEvent } from './realtime';

type Success = Extract<LoginOutcome, { outcome: 'success' }>;

interface SessionState {
  user: SessionUser | null;
  loading: boolean;
  newBuild: boolean;
  /** Store a fresh login (or switch) answer. */
  signedIn(answer: Success): void;
  signOut(): Promise<void>;
  refresh(): Promise<void>;
}

const SessionContext = createContext<SessionState | null>(null);
const ATTEMPTED_URL_KEY = 'dm.attemptedUrl';

export const sessionKey = ['session', 'me'] as const;

/** Remembers the page an anonymous visitor wanted, so login can go back to it. */
export function rememberAttemptedUrl(path: string): void {
  sessionStorage.setItem(ATTEMPTED_URL_KEY, path);
}

export function takeAttemptedUrl(): string | null {
  const value = sessionStorage.getItem(ATTEMPTED_URL_KEY);
  sessionStorage.removeItem(ATTEMPTED_URL_KEY);
  return value;
}

export function subjectOf(user: SessionUser): AccessSubject {
  return accessSubjectOf(user, {
    ...user.center,
    settings: {
      compareDonors: user.center.compareDonors,
      canPreactiveIpAccessDonorDetail: user.center.preActiveDonorDetails,
    },
  });
}

/** The caller as the shared policy functions read it (packages/shared/src/policy). */
export function policySubjectOf(user: SessionUser): PolicySubject {
  return {
    userId: user.userId,
    role: user.role,
    centerId: user.center.id,
    parentId: user.parentId,
    managerId: user.managerId,
  };
}

export async function fetchMe(): Promise<SessionUser | null> {
  try {
    return await api<SessionUser>('me', { silent: true });
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return null;
    throw error;
  }
}

export function SessionProvider({ children }: { children: ReactNode }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [newBuild, setNewBuild] = useState(false);
  const me = useQuery({
    queryKey: sessionKey,
    queryFn: fetchMe,
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
  const user = me.data ?? null;

  const clear = useCallback(() => {
    realtime.stop();
    queryClient.setQueryData(sessionKey, null);
    queryClient.removeQueries({
      predicate: (q) => q.queryKey[0] !== 'session' && q.queryKey[0] !== 'public',
    });
  }, [queryClient]);

  useEffect(() => {
    installApiHandlers({
      notify,
      navigate: (path) => navigate(path),
      newBuild: () => setNewBuild(true),
      sessionEnded: (reason) => {
        if (reason === 'relogin') notify('warning', MSG.LOGGED_IN_ELSEWHERE);
        else if (reason === 'expired') notify('warning', MSG.SESSION_EXPIRED);
        else if (reason === 'invalid') notify('error', MSG.BAD_TOKEN);
        const wasSignedIn = queryClient.getQueryData(sessionKey) != null;
        clear();
        if (wasSignedIn || reason !== 'missing') navigate('/login');
      },
    });
  }, [navigate, clear, queryClient]);

  // The socket is open while someone is signed in; a switch into another account (or
  // back) is a new session, so the connection is opened again with the new cookie.
  const socketIdentity = user ? `${user.userId}:${user.switchedFrom?.userId ?? ''}` : null;
  useEffect(() => {
    if (!socketIdentity) return;
    realtime.start();
    return () => realtime.stop();
  }, [socketIdentity]);

  // An agency's settings changed: the session (its center's switches decide pages and
  // menus) and whatever the screen shows are read again at once.
  useRealtimeEvent('center:settings', () => {
    void queryClient.invalidateQueries();
  });

  // A tab left open past the idle limit signs out by itself.
  useEffect(() => {
    if (!user) return;
    const timer = window.setInterval(() => {
      if (checkLocalExpiry(true)) {
        void api('logoutuser', { method: 'POST', silent: true }).catch(() => {});
      }
    }, 30_000);
    return () => window.clearInterval(timer);
  }, [user]);

  const value = useMemo<SessionState>(
    () => ({
      user,
      loading: me.isPending,
      newBuild,
      signedIn: (answer) => {
        markActivity();
        queryClient.setQueryData(sessionKey, answer.user);
      },
      signOut: async () => {
        await api('logoutuser', { method: 'POST', silent: true }).catch(() => {});
        clear();
        navigate('/login');
      },
      refresh: async () => {
        await queryClient.invalidateQueries({ queryKey: sessionKey });
      },
    }),
    [user, me.isPending, newBuild, queryClient, clear, navigate],
  );
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSession(): SessionState {
  const value = useContext(SessionContext);
  if (!value) throw new Error('useSession outside SessionProvider');
  return value;
}

export { mustAcceptTerms };
