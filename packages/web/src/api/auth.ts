import { useMutation } from '@tanstack/react-query';
import { loginResponseSchema, noDataSchema } from '@dcap/core';
import type { LoginRequest } from '@dcap/core';
import { useApi } from '../app/services';

/** POST /dcap/login as a form (spec 000 §7.1). Silent: the sign-in form shows the refusal itself. */
export function useLoginMutation() {
  const api = useApi();
  return useMutation({
    mutationFn: (credentials: LoginRequest) =>
      api.request('/login', { method: 'POST', form: credentials, silent: true, schema: loginResponseSchema }),
  });
}

/** GET /dcap/logout. Silent because a failed call still ends the local session (spec 000 §7.1). */
export function useLogoutMutation() {
  const api = useApi();
  return useMutation({
    mutationFn: () => api.request('/logout', { silent: true, schema: noDataSchema }),
  });
}
