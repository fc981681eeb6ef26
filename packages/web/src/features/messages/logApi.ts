import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { messageDetailSchema, messageLogPageSchema, messageStatsSchema, wechatBindingsSchema } from '@dcap/core';
import type { MessageLogFilters, WechatBindingKind } from '@dcap/core';
import { useApi } from '../../app/services';

/** The message log (spec 000 §2.2 /sys/messageLog) and the signed-in user's WeChat binding. */
export const messageLogKeys = {
  all: ['messageLog'] as const,
  list: (filters: MessageLogFilters, pageNo: number, pageSize: number) => ['messageLog', 'list', filters, pageNo, pageSize] as const,
  stats: (filters: MessageLogFilters) => ['messageLog', 'stats', filters] as const,
  detail: (id: number) => ['messageLog', 'detail', id] as const,
  bindings: ['wechatBindings'] as const,
};

export function useMessageLog(filters: MessageLogFilters, pageNo: number, pageSize: number) {
  const api = useApi();
  return useQuery({
    queryKey: messageLogKeys.list(filters, pageNo, pageSize),
    queryFn: ({ signal }) => api.request('/sys/messageLog/list', { signal, schema: messageLogPageSchema, query: { ...filters, pageNo, pageSize } }),
    placeholderData: keepPreviousData,
  });
}

export function useMessageStats(filters: MessageLogFilters) {
  const api = useApi();
  return useQuery({
    queryKey: messageLogKeys.stats(filters),
    queryFn: ({ signal }) => api.request('/sys/messageLog/stats', { signal, schema: messageStatsSchema, query: { ...filters } }),
    placeholderData: keepPreviousData,
  });
}

export function useMessageDetail(id: number | null) {
  const api = useApi();
  return useQuery({
    queryKey: messageLogKeys.detail(id ?? 0),
    queryFn: ({ signal }) => api.request(`/sys/messageLog/info/${String(id)}`, { signal, schema: messageDetailSchema }),
    enabled: id !== null,
  });
}

/** Resend or cancel one message; the list, chart and detail are read again. */
export function useMessageAction() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ action, id }: { action: 'resend' | 'cancel'; id: number }) =>
      api.request(`/sys/messageLog/${action}/${String(id)}`, { method: 'POST', notify: true, serverMessage: true, schema: messageDetailSchema }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: messageLogKeys.all }),
  });
}

export function useWechatBindings() {
  const api = useApi();
  return useQuery({ queryKey: messageLogKeys.bindings, queryFn: ({ signal }) => api.request('/user/wechat/bindings', { signal, schema: wechatBindingsSchema }) });
}

const BIND_PATHS: Record<WechatBindingKind, { bind: string; unbind: string }> = {
  official: { bind: '/user/wechat/bind', unbind: '/user/wechat/unbind' },
  miniApp: { bind: '/user/wechat/bindMiniApp', unbind: '/user/wechat/unbindMiniApp' },
};

/** Bind (with a code) or unbind one kind; the server's notice says whether it worked, in the user's language. */
export function useWechatBindingChange() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ kind, code }: { kind: WechatBindingKind; code?: string }) =>
      code === undefined
        ? api.request(BIND_PATHS[kind].unbind, { method: 'POST', notify: true, serverMessage: true, schema: wechatBindingsSchema })
        : api.request(BIND_PATHS[kind].bind, { method: 'POST', json: { code }, notify: true, serverMessage: true, schema: wechatBindingsSchema }),
    onSuccess: (data) => queryClient.setQueryData(messageLogKeys.bindings, data),
  });
}

export const userBindingKeys = (userId: number) => ['wechatBindings', 'user', userId] as const;

/** Another user's bindings, for user administration (GET /dcap/sys/user/wechatBindings/{id}). */
export function useUserWechatBindings(userId: number | null) {
  const api = useApi();
  return useQuery({
    queryKey: userBindingKeys(userId ?? 0),
    queryFn: ({ signal }) => api.request(`/sys/user/wechatBindings/${String(userId)}`, { signal, schema: wechatBindingsSchema }),
    enabled: userId !== null,
  });
}

/** An administrator unbinds another user's id (spec 002 §7 unbind/{id}, unbindMiniApp/{id}). */
export function useAdminUnbind() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, kind }: { userId: number; kind: WechatBindingKind }) =>
      api.request(`/sys/user/${kind === 'official' ? 'unbind' : 'unbindMiniApp'}/${String(userId)}`, { method: 'POST', notify: true, serverMessage: true, schema: wechatBindingsSchema }),
    onSuccess: (data, { userId }) => queryClient.setQueryData(userBindingKeys(userId), data),
  });
}
