import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { userPreferencesSchema } from '@dcap/core';
import type { SaveUserPreferencesRequest } from '@dcap/core';
import { useApi } from '../app/services';

export const preferenceKeys = { mine: ['account', 'preferences'] as const };

/** GET /dcap/sys/user/preferences: the signed-in user's font size and notification preferences. */
export function usePreferencesQuery() {
  const api = useApi();
  return useQuery({
    queryKey: preferenceKeys.mine,
    queryFn: ({ signal }) => api.request('/sys/user/preferences', { signal, schema: userPreferencesSchema }),
  });
}

/** POST /dcap/sys/user/preferences: a partial change; the answer is the whole set, cached at once. */
export function useSavePreferencesMutation() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: SaveUserPreferencesRequest) =>
      api.request('/sys/user/preferences', { method: 'POST', json: change, notify: true, schema: userPreferencesSchema }),
    onSuccess: (preferences) => queryClient.setQueryData(preferenceKeys.mine, preferences),
  });
}
