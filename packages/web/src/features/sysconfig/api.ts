import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { menuSettingTreeSchema, sysRoleRightsViewSchema } from '@dcap/core';
import type { MenuSettingInput, SysRoleRightsSave } from '@dcap/core';
import { systemKeys } from '../../api/system';
import { useApi } from '../../app/services';

/** Menu settings and role permissions of system roles (spec 000 §2.2 /sys/menu, platform administration). */
export const sysConfigKeys = {
  menus: ['sysconfig', 'menus'] as const,
  roleRights: ['sysconfig', 'roleRights'] as const,
};

export function useMenuSettings() {
  const api = useApi();
  return useQuery({ queryKey: sysConfigKeys.menus, queryFn: ({ signal }) => api.request('/sys/menu/list', { signal, schema: menuSettingTreeSchema }) });
}

/** Saves changed entries; the header is read again so the caller sees the new order and titles at once. */
export function useSaveMenuSettings() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (entries: MenuSettingInput[]) => api.request('/sys/menu/save', { method: 'POST', json: { entries }, notify: true, serverMessage: true, schema: menuSettingTreeSchema }),
    onSuccess: async (data) => {
      queryClient.setQueryData(sysConfigKeys.menus, data);
      await queryClient.invalidateQueries({ queryKey: systemKeys.init });
    },
  });
}

export function useResetMenuSettings() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.request('/sys/menu/reset', { method: 'POST', notify: true, serverMessage: true, schema: menuSettingTreeSchema }),
    onSuccess: async (data) => {
      queryClient.setQueryData(sysConfigKeys.menus, data);
      await queryClient.invalidateQueries({ queryKey: systemKeys.init });
    },
  });
}

export function useRoleRights() {
  const api = useApi();
  return useQuery({ queryKey: sysConfigKeys.roleRights, queryFn: ({ signal }) => api.request('/sys/rolePermission/list', { signal, schema: sysRoleRightsViewSchema }) });
}

/** Saves the matrix; the caller's own rights and menus may change with it, so the session is read again. */
export function useSaveRoleRights() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SysRoleRightsSave) => api.request('/sys/rolePermission/save', { method: 'POST', json: body, notify: true, serverMessage: true, schema: sysRoleRightsViewSchema }),
    onSuccess: async (data) => {
      queryClient.setQueryData(sysConfigKeys.roleRights, data);
      await queryClient.invalidateQueries({ queryKey: systemKeys.init });
    },
  });
}
