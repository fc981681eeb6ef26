import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { noDataSchema, qrLoginCreatedSchema, qrLoginInfoSchema, qrLoginPollResponseSchema, recoveryLinkSchema, ukeySchema } from '@dcap/core';
import type { PasswordRecoveryRequest, PasswordResetRequest, UkeyBindRequest } from '@dcap/core';
import { useApi } from '../app/services';

/** Sign-in channels (spec 000 §7.1; docs/decisions.md "Sign-in channels"). */

/** POST /dcap/user/password/recovery: the answer is the same whether or not an account exists. */
export function useRecoveryMutation() {
  const api = useApi();
  return useMutation({
    mutationFn: (body: PasswordRecoveryRequest) => api.request('/user/password/recovery', { method: 'POST', json: body, silent: true, schema: noDataSchema }),
  });
}

/** GET /dcap/user/password/recovery/link: whether the e-mailed link still works, and for whom. */
export function useRecoveryLinkQuery(token: string) {
  const api = useApi();
  return useQuery({
    queryKey: ['recoveryLink', token],
    queryFn: ({ signal }) => api.request('/user/password/recovery/link', { signal, query: { token }, silent: true, schema: recoveryLinkSchema }),
    enabled: token !== '',
    retry: false,
  });
}

export function useResetPasswordMutation() {
  const api = useApi();
  return useMutation({
    mutationFn: (body: PasswordResetRequest) => api.request('/user/password/reset', { method: 'POST', json: body, silent: true, schema: noDataSchema }),
  });
}

const BROWSERS: [RegExp, string][] = [[/Edg\//, 'Edge'], [/Firefox\//, 'Firefox'], [/Chrom(e|ium)\//, 'Chrome'], [/Safari\//, 'Safari']];
const SYSTEMS: [RegExp, string][] = [[/Windows/, 'Windows'], [/Android/, 'Android'], [/iPhone|iPad/, 'iOS'], [/Mac OS/, 'macOS'], [/Linux/, 'Linux']];

/** How this computer is named on the phone that confirms: browser and system, from the user agent. */
export function deviceName(userAgent: string): string {
  const browser = BROWSERS.find(([pattern]) => pattern.test(userAgent))?.[1] ?? 'Browser';
  const system = SYSTEMS.find(([pattern]) => pattern.test(userAgent))?.[1];
  return system ? `${browser} · ${system}` : browser;
}

/** The desktop's QR-code request and its poll. */
export function useQrRequestMutation() {
  const api = useApi();
  return useMutation({
    mutationFn: () => api.request('/wx/webApp/request', { method: 'POST', json: { device: deviceName(navigator.userAgent) }, silent: true, schema: qrLoginCreatedSchema }),
  });
}

export function useQrPollQuery(request: { id: string; secret: string } | null, active: boolean) {
  const api = useApi();
  return useQuery({
    queryKey: ['qrPoll', request?.id],
    queryFn: ({ signal }) =>
      api.request(`/wx/webApp/${request?.id ?? ''}/poll`, { method: 'POST', json: { secret: request?.secret ?? '' }, signal, silent: true, schema: qrLoginPollResponseSchema }),
    enabled: request !== null && active,
    refetchInterval: 2000,
    retry: false,
    gcTime: 0,
  });
}

/** The phone's side: what is asking, and the answer. */
export function useQrInfoQuery(id: string, enabled: boolean) {
  const api = useApi();
  return useQuery({
    queryKey: ['qrInfo', id],
    queryFn: ({ signal }) => api.request(`/wx/webApp/${id}/auth`, { signal, silent: true, schema: qrLoginInfoSchema }),
    enabled: enabled && id !== '',
    retry: false,
  });
}

export function useQrDecisionMutation(id: string) {
  const api = useApi();
  return useMutation({
    mutationFn: (confirm: boolean) => api.request(`/wx/webApp/${id}/${confirm ? 'confirm' : 'refuse'}`, { method: 'POST', silent: true, schema: qrLoginInfoSchema }),
  });
}

/** The signed-in user's own USB key record (`/dcap/sys/user/myUkey`), read-only: administrators issue keys. */
export function useMyUkeyQuery() {
  const api = useApi();
  return useQuery({
    queryKey: ['ukey', 'mine'],
    queryFn: ({ signal }) => api.request('/sys/user/myUkey', { signal, schema: ukeySchema }),
  });
}

/** USB key serials in user administration (`/dcap/sys/user/ukey`). */
export function useUkeyQuery(userId: number | null) {
  const api = useApi();
  return useQuery({
    queryKey: ['ukey', userId],
    queryFn: ({ signal }) => api.request('/sys/user/ukey', { signal, query: { userId: userId ?? 0 }, schema: ukeySchema }),
    enabled: userId !== null,
  });
}

export function useUkeyMutation() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UkeyBindRequest) => api.request('/sys/user/ukey', { method: 'POST', json: body, serverMessage: true, schema: ukeySchema }),
    onSuccess: (ukey) => queryClient.setQueryData(['ukey', ukey.userId], ukey),
  });
}
