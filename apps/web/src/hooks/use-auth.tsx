import {
  type QueryClient,
  type UseMutationResult,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import {
  apiPaths,
  type LoginInput,
  type PublicUser,
  type RegisterInput,
  type SessionAnswer,
} from '@vectrace/contract';
import { createContext, type ReactNode, useContext, useEffect, useState } from 'react';
import { apiJson, apiRequest } from '../lib/api';
import { forgetMemory } from '../lib/converter-memory';
import { CURRENT_CONVERSION_KEY } from '../lib/payment-return';
import { queryKeys } from '../lib/query-keys';
import { onUnauthorized } from '../lib/unauthorized';
import { toast } from './use-toast';

// The key names what is cached, the current user (others refresh it by this key); it is read from
// GET /api/session, which answers a visitor 200 and null where GET /api/user would answer 401.

/** A session that ended while the page showed it: the page it ended on, to come back to. */
export interface SessionEnded {
  returnTo: string;
}

interface AuthContextValue {
  user: PublicUser | null;
  isLoading: boolean;
  /** Set when the server stopped knowing this browser's session; cleared by signing in or dismissing. */
  sessionEnded: SessionEnded | null;
  dismissSessionEnded: () => void;
  loginMutation: UseMutationResult<PublicUser, Error, LoginInput>;
  registerMutation: UseMutationResult<PublicUser, Error, RegisterInput>;
  logoutMutation: UseMutationResult<void, Error, void>;
}

const AuthContext = createContext<AuthContextValue | null>(null);

const signedInUser = (queryClient: QueryClient) =>
  queryClient.getQueryData<PublicUser | null>(queryKeys.user) ?? null;

/**
 * The current user, and the calls that change it, with their toasts. A session that ends under
 * the page (expired, or signed out in another tab) shows as signed out at once, with the page
 * kept, and `sessionEnded` says so until the user signs in again or dismisses it.
 */
export function AuthProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const [sessionEnded, setSessionEnded] = useState<SessionEnded | null>(null);

  // Only a browser that believed it was signed in has a session to lose: a visitor's 401 (a
  // wrong password, say) is not one. Says whether this call ended it.
  const endSession = (): boolean => {
    if (!signedInUser(queryClient)) return false;
    const { pathname, search, hash } = window.location;
    setSessionEnded({ returnTo: `${pathname}${search}${hash}` });
    queryClient.setQueryData(queryKeys.user, null);
    // The account's data is read again once someone signs in, not now without a session.
    void queryClient.invalidateQueries({ refetchType: 'none' });
    return true;
  };

  const { data: user, isLoading } = useQuery<PublicUser | null>({
    queryKey: queryKeys.user,
    queryFn: async () => {
      const { user: next } = await apiJson<SessionAnswer>('GET', apiPaths.session);
      if (!next) endSession();
      return next;
    },
  });

  // biome-ignore lint/correctness/useExhaustiveDependencies: endSession reads the cache when called
  useEffect(() => onUnauthorized(endSession), [queryClient]);

  const signedIn = (next: PublicUser) => {
    setSessionEnded(null);
    queryClient.setQueryData(queryKeys.user, next);
    // The visitor's work now belongs to the account: the queue and conversions are read again,
    // from scratch, so that no answer refused before (a 401 when a session ended) lingers.
    void queryClient.resetQueries({ predicate: (query) => query.queryKey[0] !== queryKeys.user[0] });
  };

  const loginMutation = useMutation({
    mutationFn: (input: LoginInput) => apiJson<PublicUser>('POST', apiPaths.login, input),
    onSuccess: (next) => {
      signedIn(next);
      toast({ title: 'Welcome back!', description: `Successfully logged in as ${next.username}` });
    },
    onError: (error) => toast({ title: 'Login failed', description: error.message, variant: 'destructive' }),
  });

  const registerMutation = useMutation({
    mutationFn: (input: RegisterInput) => apiJson<PublicUser>('POST', apiPaths.register, input),
    onSuccess: (next) => {
      signedIn(next);
      toast({ title: 'Welcome!', description: `Account created successfully. Welcome, ${next.username}!` });
    },
    onError: (error) =>
      toast({ title: 'Registration failed', description: error.message, variant: 'destructive' }),
  });

  const logoutMutation = useMutation({
    mutationFn: async () => {
      await apiRequest('POST', apiPaths.logout);
    },
    onSuccess: () => {
      // The account's conversions leave the screen, and nothing of the account is fetched again
      // without a session: cached data is marked stale and read anew only when shown.
      sessionStorage.removeItem(CURRENT_CONVERSION_KEY);
      forgetMemory();
      setSessionEnded(null);
      queryClient.setQueryData(queryKeys.user, null);
      void queryClient.invalidateQueries({ refetchType: 'none' });
      toast({ title: 'Goodbye!', description: 'Successfully logged out' });
    },
    onError: (error) => toast({ title: 'Logout failed', description: error.message, variant: 'destructive' }),
  });

  return (
    <AuthContext.Provider
      value={{
        user: user ?? null,
        isLoading,
        sessionEnded,
        dismissSessionEnded: () => setSessionEnded(null),
        loginMutation,
        registerMutation,
        logoutMutation,
      }}
    >
      {children}
    </AuthContext.Provider>
  );
}

export function useAuth(): AuthContextValue {
  const value = useContext(AuthContext);
  if (!value) throw new Error('useAuth must be used within an AuthProvider');
  return value;
}
