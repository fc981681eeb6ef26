import { z } from 'zod';
import type { MenuItem } from './menus.js';
import { MENU_APPLICATIONS } from './menus.js';
import { PLATFORM_ACTIONS } from '../permissions/actor.js';
import { safeText } from '../validation/text.js';
import { dictEntrySchema } from '../design/library.js';
import { environmentSchema } from '../projects/environments.js';
import { AUDIT_STEPS, auditProcEntrySchema } from '../projects/process-config.js';
import { projectSchema } from '../projects/schemas.js';
import { projectRoleSchema } from '../roles/schemas.js';
import { roleTemplateSchema } from '../roles/templates.js';
import { siteSchema } from '../sites/schemas.js';
import { FONT_SIZES } from '../users/preferences.js';

const menuItemSchema: z.ZodType<MenuItem> = z.lazy(() =>
  z.object({
    key: z.string(),
    path: z.string(),
    titleKey: z.string(),
    titleZh: z.string().optional(),
    titleEn: z.string().optional(),
    icon: z.string().optional(),
    sort: z.number(),
    always: z.boolean().optional(),
    hidden: z.boolean().optional(),
    application: z.enum(MENU_APPLICATIONS).optional(),
    children: z.array(menuItemSchema).optional(),
  }),
);

export const initQuerySchema = z.strictObject({ application: safeText().max(32).optional() });

/** A project as the switcher lists it (spec 000 §2.6). */
export const switcherProjectSchema = projectSchema.pick({ id: true, code: true, name: true, eName: true, status: true });
/** The caller's roles in the current project, as the login response lists them (spec 000 §3). */
export const sessionRoleSchema = projectRoleSchema.omit({ projectId: true, institutionNamesStr: true, userCount: true, createdAt: true });
export const sessionSiteSchema = siteSchema.pick({ id: true, code: true, name: true, eName: true, status: true });

/** The current project's configuration in one object: its flags (all of them, defaults filled) and audit steps. */
export const projectConfigsVoSchema = z.object({
  projectId: z.number(),
  config: z.record(z.string(), z.boolean()),
  auditSteps: z.array(z.enum(AUDIT_STEPS)),
});

/**
 * The login response of spec 000 §3, returned by GET /dcap/sys/init. Without a current project its project
 * fields are empty; the templates and platform dictionaries are there for everyone.
 */
export const initResponseSchema = z.object({
  user: z.object({
    id: z.number(),
    username: z.string(),
    name: z.string(),
    nameEn: z.string().nullable(),
    email: z.string().nullable(),
    admin: z.boolean(),
    systemAdmin: z.boolean(),
    projectAdmin: z.boolean(),
    /** The platform functions the user's system roles hold as stored (docs/decisions.md "Role permissions of system roles"). */
    platformRights: z.array(z.enum(PLATFORM_ACTIONS)),
    /** The user's font size preference (spec 000 §3), so a new browser applies it at sign-in. */
    fontSize: z.enum(FONT_SIZES).optional(),
  }),
  application: z.string().nullable(),
  currEnv: z.string().nullable(),
  menus: z.array(menuItemSchema),
  version: z.object({ name: z.string(), number: z.string() }),
  branding: z.object({ filingNumber: z.string() }),
  /** Every audit step by code, used or not, for the current project (spec 000 §6). */
  auditProcMap: z.record(z.string(), auditProcEntrySchema),
  /** The steps the current project uses, in order. */
  auditProcList: z.array(auditProcEntrySchema),
  /** The platform's dictionaries and the current project's, by dictionary key. */
  dictMap: z.record(z.string(), dictEntrySchema),
  /** The current project's configuration flags by name, every flag present. */
  projectConfigMap: z.record(z.string(), z.boolean()),
  projectConfigsVo: projectConfigsVoSchema.nullable(),
  project: projectSchema.nullable(),
  projects: z.array(switcherProjectSchema),
  projectRole: sessionRoleSchema.nullable(),
  projectRoles: z.array(sessionRoleSchema),
  /** Project role templates (spec 000 §3 projRoles) and site role templates (siteRoles). */
  projRoles: z.array(roleTemplateSchema),
  siteRoles: z.array(roleTemplateSchema),
  institutions: z.array(sessionSiteSchema),
  allInstitutions: z.array(sessionSiteSchema),
  /**
   * Null when the list cannot be read, so the shell says "load failed" on the environment button (spec 000
   * §8.2) instead of failing as a whole.
   */
  envList: z.array(environmentSchema).nullable().catch(null),
  abilities: z.object({ manageUsers: z.boolean(), manageUnits: z.boolean(), createProject: z.boolean() }),
  /** The caller's abilities in the current project (core's project actions), empty without one. */
  projectAbilities: z.record(z.string(), z.boolean()),
});
export type InitResponse = z.infer<typeof initResponseSchema>;
