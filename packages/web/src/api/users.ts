import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { availabilitySchema, deletedCountSchema, importPreviewSchema, noDataSchema, importResultSchema, issuedPasswordSchema, USER_CALL_TIMEOUTS_MS, userPageSchema, userSchema } from '@dcap/core';
import type { CreateUserRequest, ImportPreview, ImportResult, ImportUser, IssuedPassword, UpdateUserRequest, User, UserStatus } from '@dcap/core';
import { useCallback } from 'react';
import { useApi } from '../app/services';
import type { DownloadedFile } from './client';

/** Platform user administration (spec 002 §7), administrators only; the server refuses everyone else. */
export interface UserListFilter {
  keyword: string;
  status: UserStatus | undefined;
  pageNo: number;
  pageSize: number;
}

export const userKeys = {
  all: ['users'] as const,
  list: (filter: UserListFilter) => ['users', 'list', filter] as const,
};

export function useUserListQuery(filter: UserListFilter) {
  const api = useApi();
  return useQuery({
    queryKey: userKeys.list(filter),
    queryFn: ({ signal }) =>
      api.request('/sys/user/list', {
        signal,
        schema: userPageSchema,
        query: { keyword: filter.keyword.trim(), status: filter.status, pageNo: filter.pageNo, pageSize: filter.pageSize },
      }),
    placeholderData: keepPreviousData,
  });
}

/** POST /dcap/sys/user/validateUser: whether a login name is still free (login names are never reused). */
export function useUsernameAvailability(): (username: string) => Promise<boolean> {
  const api = useApi();
  return useCallback(
    async (username: string) => {
      const result = await api.request('/sys/user/validateUser', {
        method: 'POST',
        schema: availabilitySchema,
        json: { username },
        timeoutMs: USER_CALL_TIMEOUTS_MS.validate,
        silent: true,
      });
      return result.available;
    },
    [api],
  );
}

/** Every change to a user refreshes the list it appears in. */
function useUserMutation<TInput, TResult>(call: (input: TInput) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userKeys.all }),
  });
}

export function useCreateUserMutation() {
  const api = useApi();
  return useUserMutation((body: CreateUserRequest): Promise<IssuedPassword> =>
    api.request('/sys/user/save', {
      method: 'POST',
      json: body,
      notify: true,
      timeoutMs: USER_CALL_TIMEOUTS_MS.save,
      schema: issuedPasswordSchema,
    }),
  );
}

export function useUpdateUserMutation() {
  const api = useApi();
  return useUserMutation((body: UpdateUserRequest): Promise<User> =>
    api.request('/sys/user/update', {
      method: 'POST',
      json: body,
      notify: true,
      timeoutMs: USER_CALL_TIMEOUTS_MS.save,
      schema: userSchema,
    }),
  );
}

export function useLockUserMutation() {
  const api = useApi();
  return useUserMutation((id: number): Promise<User> =>
    api.request(`/sys/user/lock/${id}`, { method: 'POST', notify: true, timeoutMs: USER_CALL_TIMEOUTS_MS.lock, schema: userSchema }),
  );
}

export function useUnlockUserMutation() {
  const api = useApi();
  return useUserMutation((id: number): Promise<User> =>
    api.request(`/sys/user/unlock/${id}`, {
      method: 'POST',
      notify: true,
      timeoutMs: USER_CALL_TIMEOUTS_MS.unlock,
      schema: userSchema,
    }),
  );
}

export function useDeleteUserMutation() {
  const api = useApi();
  return useUserMutation((id: number): Promise<null> =>
    api.request(`/sys/user/delete/${id}`, { method: 'POST', notify: true, timeoutMs: USER_CALL_TIMEOUTS_MS.deleteOne, schema: noDataSchema }),
  );
}

export function useBatchDeleteUsersMutation() {
  const api = useApi();
  return useUserMutation((ids: number[]): Promise<{ deleted: number }> =>
    api.request('/sys/user/delete', {
      method: 'POST',
      json: { ids },
      notify: true,
      timeoutMs: USER_CALL_TIMEOUTS_MS.batchDelete,
      schema: deletedCountSchema,
    }),
  );
}

export function useResetPasswordMutation() {
  const api = useApi();
  return useUserMutation((body: { id: number; sendEmail?: boolean }): Promise<IssuedPassword> =>
    api.request('/sys/user/resetUserPassword', {
      method: 'POST',
      json: body,
      notify: true,
      schema: issuedPasswordSchema,
    }),
  );
}

/** GET /dcap/sys/user/exportTemplate and export: the sheet to fill in, and every user as a sheet. */
export function useUserSheetDownload() {
  const api = useApi();
  return useMutation({
    mutationFn: (what: 'template' | 'users'): Promise<DownloadedFile> => api.download(what === 'template' ? '/sys/user/exportTemplate' : '/sys/user/export'),
  });
}

/** POST /dcap/sys/user/preview: the uploaded sheet checked row by row; nothing is created. */
export function useUserSheetPreview() {
  const api = useApi();
  return useMutation({
    mutationFn: (file: File): Promise<ImportPreview> => {
      const upload = new FormData();
      upload.append('file', file);
      return api.request('/sys/user/preview', { method: 'POST', upload, schema: importPreviewSchema, silent: true });
    },
  });
}

/** POST /dcap/sys/user/importConfirm: creates every previewed user, or none. */
export function useUserImportConfirm() {
  const api = useApi();
  return useUserMutation((users: ImportUser[]): Promise<ImportResult> => api.request('/sys/user/importConfirm', { method: 'POST', json: { users }, schema: importResultSchema }));
}
