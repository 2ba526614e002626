import { type UseMutationResult, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { LoginInput, PublicUser, RegisterInput } from '@vectrace/contract';
import { createContext, type ReactNode, useContext } from 'react';
import { apiJson, apiRequest, getQueryFn } from '../lib/api';
import { forgetMemory } from '../lib/converter-memory';
import { CURRENT_CONVERSION_KEY } from '../lib/payment-return';
import { toast } from './use-toast';

const userKey = ['/api/user'];

interface AuthContextValue {
  user: PublicUser | null;
  isLoading: boolean;
  loginMutation: UseMutationResult<PublicUser, Error, LoginInput>;
  registerMutation: UseMutationResult<PublicUser, Error, RegisterInput>;
  logoutMutation: UseMutationResult<void, Error, void>;
}

const AuthContext = createContext<AuthContextValue | null>(null);

/** The current user (a 401 means nobody), and the calls that change it, with their toasts. */
export function AuthProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const { data: user, isLoading } = useQuery<PublicUser | null>({
    queryKey: userKey,
    queryFn: getQueryFn({ on401: 'returnNull' }) as () => Promise<PublicUser | null>,
  });

  const signedIn = (next: PublicUser) => {
    queryClient.setQueryData(userKey, next);
    // The visitor's work now belongs to the account: the queue and conversions are read again.
    void queryClient.invalidateQueries({ predicate: (query) => query.queryKey[0] !== userKey[0] });
  };

  const loginMutation = useMutation({
    mutationFn: (input: LoginInput) => apiJson<PublicUser>('POST', '/api/login', input),
    onSuccess: (next) => {
      signedIn(next);
      toast({ title: 'Welcome back!', description: `Successfully logged in as ${next.username}` });
    },
    onError: (error) => toast({ title: 'Login failed', description: error.message, variant: 'destructive' }),
  });

  const registerMutation = useMutation({
    mutationFn: (input: RegisterInput) => apiJson<PublicUser>('POST', '/api/register', input),
    onSuccess: (next) => {
      signedIn(next);
      toast({ title: 'Welcome!', description: `Account created successfully. Welcome, ${next.username}!` });
    },
    onError: (error) =>
      toast({ title: 'Registration failed', description: error.message, variant: 'destructive' }),
  });

  const logoutMutation = useMutation({
    mutationFn: async () => {
      await apiRequest('POST', '/api/logout');
    },
    onSuccess: () => {
      // The account's conversions leave the screen, and nothing of the account is fetched again
      // without a session: cached data is marked stale and read anew only when shown.
      sessionStorage.removeItem(CURRENT_CONVERSION_KEY);
      forgetMemory();
      queryClient.setQueryData(userKey, null);
      void queryClient.invalidateQueries({ refetchType: 'none' });
      toast({ title: 'Goodbye!', description: 'Successfully logged out' });
    },
    onError: (error) => toast({ title: 'Logout failed', description: error.message, variant: 'destructive' }),
  });

  return (
    <AuthContext.Provider
      value={{ user: user ?? null, isLoading, loginMutation, registerMutation, logoutMutation }}
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
