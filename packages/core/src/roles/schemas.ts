import { z } from 'zod';
import { ROLE_RIGHTS } from '../permissions/project.js';
import { dbId, multilineText, queryId, safeText } from '../validation/text.js';

// The folder's pure rules travel with its schemas, so `@dcap/core` exposes both through one entry.
export * from './rules.js';
export * from './escalation.js';

const rightsShape = Object.fromEntries(ROLE_RIGHTS.map((right) => [right, z.boolean()])) as Record<(typeof ROLE_RIGHTS)[number], z.ZodBoolean>;
const optionalRightsShape = Object.fromEntries(ROLE_RIGHTS.map((right) => [right, z.boolean().optional()])) as Record<
  (typeof ROLE_RIGHTS)[number],
  z.ZodOptional<z.ZodBoolean>
>;

/** The value meaning "all sites" on the wire (spec 000 §3 `institutionIds`, shown as All Sites). */
export const ALL_SITES = 'all' as const;
export const siteScopeSchema = z.union([z.literal(ALL_SITES), z.array(dbId()).min(1).max(500)]);

/** A project role as the spec shows it: alias, bilingual description, site scope, enabled, flags. */
export const projectRoleSchema = z.object({
  id: z.number(),
  projectId: z.number(),
  alias: z.string(),
  description: z.string().nullable(),
  descriptionEn: z.string().nullable(),
  institutionIds: siteScopeSchema,
  institutionNamesStr: z.string(),
  enabled: z.union([z.literal(0), z.literal(1)]),
  ...rightsShape,
  userCount: z.number(),
  createdAt: z.string(),
});
export type ProjectRole = z.infer<typeof projectRoleSchema>;

export const saveRoleSchema = z.strictObject({
  id: dbId().optional(),
  projectId: dbId(),
  alias: safeText().min(1).max(64),
  description: multilineText().trim().max(500).nullish(),
  descriptionEn: multilineText().trim().max(500).nullish(),
  institutionIds: siteScopeSchema,
  /** Absent: a new role is enabled, an existing one keeps its state (a save must not re-enable a disabled role). */
  enabled: z.union([z.literal(0), z.literal(1)]).optional(),
  ...optionalRightsShape,
});
export type SaveRoleRequest = z.infer<typeof saveRoleSchema>;

/** A user holding a role, with the sites of the role they may act for. */
export const roleAssignmentSchema = z.object({
  id: z.number(),
  roleId: z.number(),
  roleAlias: z.string(),
  userId: z.number(),
  username: z.string(),
  name: z.string(),
  institutionIds: siteScopeSchema,
  grantedBy: z.string(),
  grantedAt: z.string(),
});
export type RoleAssignment = z.infer<typeof roleAssignmentSchema>;

export const assignRoleSchema = z.strictObject({
  roleId: dbId(),
  userIds: z.array(dbId()).min(1).max(200),
  /** The sites the users may act for; defaults to the role's own scope. */
  institutionIds: siteScopeSchema.optional(),
  notify: z.boolean().default(false),
});
export const revokeRoleSchema = z.strictObject({
  roleId: dbId(),
  userId: dbId(),
});
export const updateSiteAuthoritySchema = z.strictObject({
  roleId: dbId(),
  userId: dbId(),
  institutionIds: siteScopeSchema,
});
export const roleIdsSchema = z.strictObject({
  projectId: dbId(),
  ids: z.array(dbId()).min(1).max(200),
  /** Revoke the roles from their holders first; without it, a role still held is not deleted. */
  revoke: z.boolean().default(false),
});

/** One line of the role authorisation log: a grant, revocation or site change, with who and when. */
export const roleAuthLogSchema = z.object({
  id: z.number(),
  at: z.string(),
  action: z.string(),
  actor: z.string().nullable(),
  roleAlias: z.string().nullable(),
  username: z.string().nullable(),
  detail: z.unknown(),
});
export type RoleAuthLog = z.infer<typeof roleAuthLogSchema>;

const id = dbId();
const idParam = queryId();

/** A comma-separated id list in a query string (`ids=1,2`), as the spec's GET calls send it. */
export const idListParam = z
  .string()
  .regex(/^\d+(,\d+)*$/)
  .transform((text) => [...new Set(text.split(',').map(Number))])
  .pipe(z.array(id).min(1).max(200));

const notifyParam = z.enum(['true', 'false']).transform((value) => value === 'true');

/**
 * Calls that name a role but not its project act in the session's current project; `projectId` may name
 * the project instead (an administrator working on several projects need not switch first).
 */
export const projectHintQuerySchema = z.strictObject({ projectId: idParam.optional() });
export const roleIdParamsSchema = z.strictObject({ id: idParam });
export const disableRoleParamsSchema = z.strictObject({ id: idParam, enabled: z.enum(['0', '1']).transform((value) => value === '1') });
export const roleUserParamsSchema = z.strictObject({ roleId: idParam, userId: idParam });

/** POST quickSave: what the role table edits inline; sites are changed through saveRole. */
export const quickSaveRoleSchema = z.strictObject({
  id,
  projectId: id,
  alias: safeText().min(1).max(64).optional(),
  description: multilineText().trim().max(500).nullish(),
  descriptionEn: multilineText().trim().max(500).nullish(),
  enabled: z.union([z.literal(0), z.literal(1)]).optional(),
  ...optionalRightsShape,
});
export type QuickSaveRoleRequest = z.infer<typeof quickSaveRoleSchema>;

export const roleBatchQuerySchema = z.strictObject({ projectId: idParam, ids: idListParam });
export const assignByPmQuerySchema = z.strictObject({ projectId: idParam.optional(), roleId: idParam, userIds: idListParam, notify: notifyParam.default(false) });
export const addRolesToUsersQuerySchema = z.strictObject({
  projectId: idParam.optional(),
  roleIds: idListParam,
  userIds: idListParam,
  notify: notifyParam.default(false),
});
/** POST batchAssignRole2User: several roles to several users, each with its own sites; all or none. */
export const batchAssignRoleSchema = z.strictObject({
  projectId: id,
  assignments: z
    .array(z.strictObject({ roleId: id, userIds: z.array(id).min(1).max(200), institutionIds: siteScopeSchema.optional() }))
    .min(1)
    .max(50),
  notify: z.boolean().default(false),
});
export type BatchAssignRoleRequest = z.infer<typeof batchAssignRoleSchema>;

export const roleHoldersQuerySchema = z.strictObject({ projectId: id, roleId: id.optional() });
export const roleAuthLogQuerySchema = z.strictObject({
  projectId: id,
  pageNo: dbId().default(1),
  pageSize: dbId().max(200).default(20),
});
export const roleAuthLogPageSchema = z.object({ list: z.array(roleAuthLogSchema), total: z.number(), pageNo: z.number(), pageSize: z.number() });
export type RoleAuthLogPage = z.infer<typeof roleAuthLogPageSchema>;

/** GET listByUser: one line of the shell's role switcher (spec 000 §2.6); disabled roles are listed, greyed. */
export const userRoleSchema = z.object({
  id: z.number(),
  projectId: z.number(),
  projectCode: z.string(),
  projectName: z.string(),
  alias: z.string(),
  enabled: z.union([z.literal(0), z.literal(1)]),
});
export type UserRole = z.infer<typeof userRoleSchema>;

const siteRefSchema = z.object({ id: z.number(), code: z.string(), name: z.string(), eName: z.string().nullable() });

/** POST userRolesAndInstitutions: one user's roles in the project and the sites they act for. */
export const userRolesAndSitesSchema = z.object({
  userId: z.number(),
  username: z.string(),
  name: z.string(),
  roles: z.array(
    z.object({
      roleId: z.number(),
      alias: z.string(),
      enabled: z.union([z.literal(0), z.literal(1)]),
      institutionIds: siteScopeSchema,
      institutionNamesStr: z.string(),
      grantedAt: z.string(),
    }),
  ),
  /** Every site of the project when any of the user's grants covers all sites. */
  sites: z.array(siteRefSchema),
});
export type UserRolesAndSites = z.infer<typeof userRolesAndSitesSchema>;

/** POST roleAndInstitutionUsers: one role, its sites and its holders. */
export const roleHoldersSchema = z.object({
  roleId: z.number(),
  alias: z.string(),
  enabled: z.union([z.literal(0), z.literal(1)]),
  institutionIds: siteScopeSchema,
  institutionNamesStr: z.string(),
  users: z.array(roleAssignmentSchema),
});
export type RoleHolders = z.infer<typeof roleHoldersSchema>;

/** GET /dcap/projectRole/searchUsers: whom a role may be granted to, found by login name or name. */
export const userSearchQuerySchema = z.strictObject({
  projectId: queryId(),
  keyword: safeText().min(1).max(64),
});
export const userPickSchema = z.object({ id: z.number(), username: z.string(), name: z.string(), nameEn: z.string().nullable() });
export type UserPick = z.infer<typeof userPickSchema>;
