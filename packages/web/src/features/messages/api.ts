import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { markedReadSchema, messageConfigSchema, notificationPageSchema, unreadCountSchema, userBriefSchema } from '@dcap/core';
import type { MessageConfig, MessageEvent, NotificationPage, SaveMessageConfigRequest, UserBrief } from '@dcap/core';
import { useApi } from '../../app/services';

/** Which configuration an editor works on: the platform's (/sys/messageConfig) or the session project's (/project/message). */
export type ConfigScope = 'system' | 'project';

const BASE: Record<ConfigScope, string> = { system: '/sys/messageConfig', project: '/project/message' };

export const messageKeys = {
  configs: (scope: ConfigScope) => ['messages', 'configs', scope] as const,
  notifications: ['messages', 'notifications'] as const,
  page: (pageNo: number, pageSize: number, unread: boolean) => ['messages', 'notifications', 'page', pageNo, pageSize, unread] as const,
  unread: ['messages', 'notifications', 'unread'] as const,
  users: (scope: ConfigScope) => ['messages', 'users', scope] as const,
};

const configListSchema = messageConfigSchema.array();

export function useMessageConfigsQuery(scope: ConfigScope) {
  const api = useApi();
  return useQuery({
    queryKey: messageKeys.configs(scope),
    queryFn: ({ signal }): Promise<MessageConfig[]> => api.request(`${BASE[scope]}/list`, { signal, schema: configListSchema }),
  });
}

export function useSaveMessageConfigMutation(scope: ConfigScope) {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SaveMessageConfigRequest) => api.request(`${BASE[scope]}/save`, { method: 'POST', json: body, notify: true, schema: messageConfigSchema }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: messageKeys.configs(scope) }),
  });
}

export function useResetMessageConfigMutation() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (event: MessageEvent) => api.request('/project/message/reset', { method: 'POST', json: { event }, notify: true, schema: messageConfigSchema }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: messageKeys.configs('project') }),
  });
}

/**
 * Whom the blacklist picker offers: the platform's user directory for the platform's configuration, the
 * project's members for a project's (its managers may not read the directory). A failed read leaves the
 * saved list only.
 */
export function useBlacklistCandidatesQuery(scope: ConfigScope) {
  const api = useApi();
  return useQuery({
    queryKey: messageKeys.users(scope),
    queryFn: ({ signal }): Promise<UserBrief[]> =>
      api.request(scope === 'system' ? '/sys/user/users' : '/project/message/members', { signal, silent: true, schema: userBriefSchema.array() }),
    retry: false,
  });
}

/** The header bell's count: every minute and whenever the window regains focus (react-query's default). */
export function useUnreadCountQuery() {
  const api = useApi();
  return useQuery({
    queryKey: messageKeys.unread,
    queryFn: async ({ signal }): Promise<number> => (await api.request('/notification/unreadCount', { signal, silent: true, schema: unreadCountSchema })).count,
    refetchInterval: 60_000,
    refetchOnWindowFocus: true,
  });
}

export function useNotificationsQuery(pageNo: number, pageSize: number, unreadOnly: boolean, enabled = true) {
  const api = useApi();
  return useQuery({
    queryKey: messageKeys.page(pageNo, pageSize, unreadOnly),
    queryFn: ({ signal }): Promise<NotificationPage> =>
      api.request(`/notification/list?pageNo=${String(pageNo)}&pageSize=${String(pageSize)}${unreadOnly ? '&unread=true' : ''}`, { signal, schema: notificationPageSchema }),
    enabled,
  });
}

/** Marks some (ids) or all (null) of the caller's messages read; the lists and the count follow. */
export function useMarkReadMutation() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (ids: number[] | null) =>
      ids === null
        ? api.request('/notification/readAll', { method: 'POST', schema: markedReadSchema })
        : api.request('/notification/read', { method: 'POST', json: { ids }, schema: markedReadSchema }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: messageKeys.notifications }),
  });
}
