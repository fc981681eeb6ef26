import { z } from 'zod';
import { dbId, queryId } from '../validation/text.js';
import { idListParam, projectRoleSchema, roleAssignmentSchema, siteScopeSchema } from './schemas.js';

/** Spec 000 §7.3 role calls beyond administration: the caller's role, one role's detail, per-site views. */

const siteRefSchema = z.object({ id: z.number(), code: z.string(), name: z.string(), eName: z.string().nullable() });
export type RoleSiteRef = z.infer<typeof siteRefSchema>;

/** GET currentProjectRoleInfo: the caller's standing in the session's project, with flags and sites. */
export const currentRoleInfoSchema = z.object({
  projectId: z.number(),
  /** 'platform' or 'project' when the caller acts as an administrator (no role needed), else null. */
  administrator: z.enum(['platform', 'project']).nullable(),
  role: projectRoleSchema.nullable(),
  /** The sites the caller acts for: all for administrators, else the role's sites within their grant. */
  institutionIds: siteScopeSchema.or(z.array(z.number()).length(0)),
  institutions: z.array(siteRefSchema),
});
export type CurrentRoleInfo = z.infer<typeof currentRoleInfoSchema>;

/** POST getCurrentProjectRole: the session's selection and its role. */
export const currentRoleSelectionSchema = z.object({
  projectId: z.number(),
  roleId: z.number().nullable(),
  env: z.string().nullable(),
  role: projectRoleSchema.nullable(),
});
export type CurrentRoleSelection = z.infer<typeof currentRoleSelectionSchema>;

/** GET projectConfig/institution/{projectId}: each site the caller sees and the roles covering it. */
export const siteRoleConfigSchema = z.object({
  site: siteRefSchema.extend({ status: z.string() }),
  roles: z.array(z.object({ roleId: z.number(), alias: z.string(), enabled: z.union([z.literal(0), z.literal(1)]), allSites: z.boolean() })),
});
export type SiteRoleConfig = z.infer<typeof siteRoleConfigSchema>;

export const projectIdPathSchema = z.strictObject({ id: queryId() });

/** POST info/ and mgmt/detail: one role of the project (the session's project unless named). */
export const roleInfoRequestSchema = z.strictObject({ id: dbId(), projectId: dbId().optional() });

export const roleDetailSchema = z.object({
  role: projectRoleSchema,
  sites: z.array(siteRefSchema),
  /** Holders acting within the caller's sites. */
  holders: z.array(roleAssignmentSchema),
});
export type RoleDetail = z.infer<typeof roleDetailSchema>;

/** POST institutionRolesAndUsers: per site, the roles covering it and who acts there under each. */
export const siteRolesAndUsersSchema = z.object({
  site: siteRefSchema,
  roles: z.array(
    z.object({
      roleId: z.number(),
      alias: z.string(),
      enabled: z.union([z.literal(0), z.literal(1)]),
      users: z.array(z.object({ userId: z.number(), username: z.string(), name: z.string() })),
    }),
  ),
});
export type SiteRolesAndUsers = z.infer<typeof siteRolesAndUsersSchema>;

/** `institutionIds` in a query string: `all` or a comma-separated id list. */
const scopeParam = z.literal('all').or(idListParam);
const notifyParam = z.enum(['true', 'false']).transform((value) => value === 'true');

/** GET assignRole2User: the grant of POST assignRole2User, in query parameters (spec 000 §7.3). */
export const assignRoleQuerySchema = z.strictObject({
  projectId: queryId().optional(),
  roleId: queryId(),
  userIds: idListParam,
  institutionIds: scopeParam.optional(),
  notify: notifyParam.default(false),
});

/** POST /dcap/sys/user/listByRole: the users holding one role of a project. */
export const listByRoleSchema = z.strictObject({ projectId: dbId(), roleId: dbId() });
