import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { useLogoutMutation } from '../../api/auth';
import { LOGIN_PATH } from '../../app/guard';
import { useServices } from '../../app/services';

/**
 * Spec 000 §7.1: logout calls the server, and a failed call still clears the local session and goes to
 * sign-in (without remembering the page: the next person to sign in starts at the dashboard). The cache
 * is emptied after leaving the page so no mounted screen refetches without a token.
 */
export function useSignOut(): () => Promise<void> {
  const { mutateAsync: logout } = useLogoutMutation();
  const { session } = useServices();
  const queryClient = useQueryClient();
  const navigate = useNavigate();

  return useCallback(async () => {
    try {
      await logout();
    } catch {
      // Ignored on purpose: the session ends locally whatever the server answered.
    }
    session.clear('signedOut');
    await navigate(LOGIN_PATH, { replace: true });
    queryClient.clear();
  }, [logout, session, navigate, queryClient]);
}
