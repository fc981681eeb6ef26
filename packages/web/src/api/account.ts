import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { noDataSchema, userSchema } from '@dcap/core';
import type { ChangePasswordRequest, UpdateProfileRequest } from '@dcap/core';
import { useApi } from '../app/services';
import { systemKeys } from './system';

export const accountKeys = {
  me: ['account', 'me'] as const,
};

/** GET /dcap/sys/user/info: the signed-in user's own profile. */
export function useCurrentUserQuery() {
  const api = useApi();
  return useQuery({
    queryKey: accountKeys.me,
    queryFn: ({ signal }) => api.request('/sys/user/info', { signal, schema: userSchema }),
  });
}

export function useUpdateProfileMutation() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (profile: UpdateProfileRequest) =>
      api.request('/sys/user/updateCurrentUser', { method: 'POST', json: profile, notify: true, schema: userSchema }),
    onSuccess: async (user) => {
      queryClient.setQueryData(accountKeys.me, user);
      // The header greets the user by the name held in the initialisation result.
      await queryClient.invalidateQueries({ queryKey: systemKeys.init });
    },
  });
}

export function useChangePasswordMutation() {
  const api = useApi();
  return useMutation({
    mutationFn: (body: ChangePasswordRequest) =>
      api.request('/sys/user/password', { method: 'POST', json: body, notify: true, schema: noDataSchema }),
  });
}
