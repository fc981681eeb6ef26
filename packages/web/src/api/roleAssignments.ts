import { useQuery } from '@tanstack/react-query';
import { useCallback } from 'react';
import { noDataSchema, roleAssignmentSchema, userPickSchema, userRolesAndSitesSchema } from '@dcap/core';
import type { RoleAssignment, SiteScope, UserPick, UserRolesAndSites } from '@dcap/core';
import { useApi } from '../app/services';
import { roleKeys, useRoleChange } from './roles';

/** Who holds which role at which sites (spec 000 §6: assign, revoke, update a holder's site authority). */
const holdersSchema = userRolesAndSitesSchema.array();
const assignmentListSchema = roleAssignmentSchema.array();

/** POST userRolesAndInstitutions: per user, their roles and sites within the caller's own sites. */
export function useRoleHoldersQuery(projectId: number, enabled = true) {
  const api = useApi();
  return useQuery({
    queryKey: roleKeys.holders(projectId),
    queryFn: ({ signal }): Promise<UserRolesAndSites[]> =>
      api.request('/projectRole/userRolesAndInstitutions', { signal, method: 'POST', json: { projectId }, schema: holdersSchema }),
    enabled,
  });
}

export interface AssignRoleInput {
  projectId: number;
  roleId: number;
  userIds: number[];
  /** Absent: the role's own sites. */
  institutionIds?: SiteScope;
  notify: boolean;
}

export function useAssignRoleMutation() {
  const api = useApi();
  return useRoleChange(({ projectId, ...body }: AssignRoleInput): Promise<RoleAssignment[]> =>
    api.request('/projectRole/assignRole2User', { method: 'POST', query: { projectId }, json: body, notify: true, schema: assignmentListSchema }),
  );
}

export function useRevokeRoleMutation() {
  const api = useApi();
  return useRoleChange(({ projectId, roleId, userId }: { projectId: number; roleId: number; userId: number }) =>
    api.request('/projectRole/revokeSingleRoleOfUser', { method: 'POST', query: { projectId }, json: { roleId, userId }, notify: true, schema: noDataSchema }),
  );
}

export function useSiteAuthorityMutation() {
  const api = useApi();
  return useRoleChange(
    ({ projectId, ...body }: { projectId: number; roleId: number; userId: number; institutionIds: SiteScope }): Promise<RoleAssignment> =>
      api.request('/projectRole/updateRoleSiteAuthorityOfUser', {
        method: 'POST',
        query: { projectId },
        json: body,
        notify: true,
        schema: roleAssignmentSchema,
      }),
  );
}

const userPicksSchema = userPickSchema.array();

/**
 * GET /dcap/projectRole/searchUsers: active platform users whom the caller may grant a role to in this
 * project, so a project manager can bring new staff in without a platform administrator.
 */
export function useProjectUserSearch(projectId: number): (keyword: string) => Promise<UserPick[]> {
  const api = useApi();
  return useCallback(
    (keyword: string) =>
      api.request(`/projectRole/searchUsers?projectId=${projectId}&keyword=${encodeURIComponent(keyword.trim())}`, { schema: userPicksSchema, silent: true }),
    [api, projectId],
  );
}
