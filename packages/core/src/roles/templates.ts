import { z } from 'zod';
import type { RoleRight } from '../permissions/project.js';
import { ROLE_RIGHTS } from '../permissions/project.js';

/**
 * The role templates of the login response (spec 000 §3: `projRoles`, project role templates, and
 * `siteRoles`, site role templates). They are the usual study roles offered when a role is created: a
 * project role acts for all sites, a site role for one site (docs/decisions.md, "Role templates"). A
 * template only proposes an alias, descriptions and rights; the role created from it is an ordinary role.
 */
export type RoleTemplateScope = 'project' | 'site';

export interface RoleTemplate {
  code: string;
  scope: RoleTemplateScope;
  alias: string;
  name: string;
  nameEn: string;
  description: string;
  descriptionEn: string;
  rights: readonly RoleRight[];
}

export const PROJECT_ROLE_TEMPLATES: readonly RoleTemplate[] = [
  {
    code: 'PM',
    scope: 'project',
    alias: 'PM',
    name: '项目经理',
    nameEn: 'Project manager',
    description: '搭建项目、管理成员与权限、跟踪质疑',
    descriptionEn: 'Sets the study up, manages members and their rights, follows queries',
    rights: ['projectDesignAndSetup', 'userRightsManagement', 'query', 'handleAllQuery', 'export'],
  },
  {
    code: 'DM',
    scope: 'project',
    alias: 'DM',
    name: '数据管理员',
    nameEn: 'Data manager',
    description: '审核数据、发起与关闭质疑、冻结数据、导入导出',
    descriptionEn: 'Reviews data, raises and closes queries, freezes data, imports and exports',
    rights: ['review', 'freeze', 'query', 'handleAllQuery', 'import', 'export'],
  },
  {
    code: 'CRA',
    scope: 'project',
    alias: 'CRA',
    name: '临床监查员',
    nameEn: 'Clinical research associate (monitor)',
    description: '源数据核查并发起质疑',
    descriptionEn: 'Verifies data against source documents and raises queries',
    rights: ['verify', 'query'],
  },
  {
    code: 'MM',
    scope: 'project',
    alias: 'MM',
    name: '医学监查员',
    nameEn: 'Medical monitor',
    description: '医学审核并发起质疑',
    descriptionEn: 'Reviews data medically and raises queries',
    rights: ['review', 'query'],
  },
  {
    code: 'STAT',
    scope: 'project',
    alias: 'STAT',
    name: '统计师',
    nameEn: 'Statistician',
    description: '导出数据用于分析',
    descriptionEn: 'Exports data for analysis',
    rights: ['export'],
  },
];

export const SITE_ROLE_TEMPLATES: readonly RoleTemplate[] = [
  {
    code: 'PI',
    scope: 'site',
    alias: 'PI',
    name: '主要研究者',
    nameEn: 'Principal investigator',
    description: '录入数据、回复质疑并签名确认本中心数据',
    descriptionEn: 'Enters data, answers queries and signs the site’s data',
    rights: ['dataEntryRights', 'answerQuery', 'locked'],
  },
  {
    code: 'SUBI',
    scope: 'site',
    alias: 'Sub-I',
    name: '研究者',
    nameEn: 'Sub-investigator',
    description: '录入数据并回复质疑',
    descriptionEn: 'Enters data and answers queries',
    rights: ['dataEntryRights', 'answerQuery'],
  },
  {
    code: 'CRC',
    scope: 'site',
    alias: 'CRC',
    name: '临床研究协调员',
    nameEn: 'Clinical research coordinator',
    description: '录入数据并回复质疑',
    descriptionEn: 'Enters data and answers queries',
    rights: ['dataEntryRights', 'answerQuery'],
  },
  {
    code: 'PHARM',
    scope: 'site',
    alias: 'Pharmacist',
    name: '药师',
    nameEn: 'Pharmacist',
    description: '管理本中心药物发放',
    descriptionEn: 'Manages drug dispensing at the site',
    rights: ['drugSupply'],
  },
];

export const roleTemplateSchema = z.object({
  code: z.string(),
  scope: z.enum(['project', 'site']),
  alias: z.string(),
  name: z.string(),
  nameEn: z.string(),
  description: z.string(),
  descriptionEn: z.string(),
  rights: z.array(z.enum(ROLE_RIGHTS)),
});

export function roleTemplate(code: string): RoleTemplate | undefined {
  return [...PROJECT_ROLE_TEMPLATES, ...SITE_ROLE_TEMPLATES].find((template) => template.code === code);
}
