import { useQuery, useQueryClient } from '@tanstack/react-query';
import { api, getToken, unwrap } from '../../../api/client';
import type { SchemaProfile as Profile } from '../../../api/schema';
import { replaceSession } from '../../providers/authProvider';

export type { Profile };
export const PROFILE_QUERY = ['profile', 'me'] as const;

/** The signed-in user's profile, fresh from GET /accounts/me/ (refetched when the window regains focus). */
export function useProfile() {
  return useQuery({ queryKey: PROFILE_QUERY, queryFn: () => unwrap(api.GET('/accounts/me/')) });
}

/**
 * Applies a saved profile: the token (when the server sent a fresh one) and the user replace the old
 * ones, the profile pages see the new user, and the AppBar's identity (name, avatar) is read again.
 */
export function useApplyProfile() {
  const queryClient = useQueryClient();
  return (user: Profile, token?: string) => {
    const current = token ?? getToken();
    if (current) replaceSession(current, user);
    queryClient.setQueryData(PROFILE_QUERY, user);
    return queryClient.invalidateQueries({ queryKey: ['auth', 'getIdentity'] });
  };
}

/** Resolves after both the call and at least `ms` milliseconds (the saving notice stays that long). */
export async function atLeast<T>(call: Promise<T>, ms = 500): Promise<T> {
  const [result] = await Promise.all([call, new Promise((r) => setTimeout(r, ms))]);
  return result;
}
