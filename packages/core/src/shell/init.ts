import { z } from 'zod';
import type { MenuItem } from './menus.js';
import { safeText } from '../validation/text.js';

const menuItemSchema: z.ZodType<MenuItem> = z.lazy(() =>
  z.object({
    key: z.string(),
    path: z.string(),
    titleKey: z.string(),
    icon: z.string().optional(),
    sort: z.number(),
    always: z.boolean().optional(),
    hidden: z.boolean().optional(),
    children: z.array(menuItemSchema).optional(),
  }),
);

export const initQuerySchema = z.strictObject({ application: safeText().max(32).optional() });

/**
 * The login response of spec 000 §3, returned by GET /dcap/sys/init. Domains that do not exist yet
 * (projects, roles, environments, dictionaries) answer empty rather than invented content.
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
  }),
  application: z.string().nullable(),
  currEnv: z.string().nullable(),
  menus: z.array(menuItemSchema),
  version: z.object({ name: z.string(), number: z.string() }),
  branding: z.object({ filingNumber: z.string() }),
  auditProcMap: z.record(z.string(), z.unknown()),
  auditProcList: z.array(z.unknown()),
  dictMap: z.record(z.string(), z.unknown()),
  projectConfigMap: z.record(z.string(), z.unknown()),
  projectConfigsVo: z.unknown().nullable(),
  project: z.unknown().nullable(),
  projects: z.array(z.unknown()),
  projectRole: z.unknown().nullable(),
  projectRoles: z.array(z.unknown()),
  projRoles: z.array(z.unknown()),
  siteRoles: z.array(z.unknown()),
  institutions: z.array(z.unknown()),
  allInstitutions: z.array(z.unknown()),
  envList: z.array(z.unknown()),
  abilities: z.object({ manageUsers: z.boolean(), manageUnits: z.boolean(), createProject: z.boolean() }),
  /** The caller's abilities in the current project (core's project actions), empty without one. */
  projectAbilities: z.record(z.string(), z.boolean()),
});
export type InitResponse = z.infer<typeof initResponseSchema>;
