import type { Locale } from '@dcap/core';
import { siteNamesLabel, studyToday } from '@dcap/core';
import type { Row, Sheet } from 'write-excel-file/node';
import writeXlsxFile from 'write-excel-file/node';
import type { ServiceDeps } from '../../deps.js';
import type { FileReply } from '../../http/route.js';
import { projectSiteRows } from '../sites/service.js';
import type { ProjectCaller } from '../../http/context.js';
import { projectWrite } from '../../http/project-write.js';
import { presentAuthLog, rightsOf, scopeOf } from './presenter.js';
import { ROLE_LOG_ACTIONS, visibleGrants } from './report-service.js';
import * as repo from './repo.js';
import { namedSites } from './write.js';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
/** An export is a report, not a backup: past this many log lines the audit trail export is the tool. */
const MAX_LOG_ROWS = 100_000;

const LABELS = {
  'zh-CN': {
    rolesSheet: '角色',
    holdersSheet: '授权用户',
    logSheet: '角色授权日志',
    roles: ['角色名', '描述', '英文描述', '中心', '状态', '权限', '用户数'],
    holders: ['角色名', '登录名', '姓名', '中心', '授权人', '授权时间'],
    log: ['时间', '操作', '操作人', '角色名', '用户', '变更前', '变更后'],
    grantsSheet: '角色与用户日志',
    grants: ['角色名', '登录名', '姓名', '中心', '授权人', '授权时间', '收回人', '收回时间', '状态'],
    active: '有效',
    revoked: '已收回',
    enabled: '启用',
    disabled: '停用',
  },
  'en-US': {
    rolesSheet: 'Roles',
    holdersSheet: 'Holders',
    logSheet: 'Role authorisation log',
    roles: ['Role', 'Description', 'English description', 'Sites', 'Status', 'Rights', 'Users'],
    holders: ['Role', 'Login name', 'Name', 'Sites', 'Granted by', 'Granted at'],
    log: ['Time', 'Action', 'By', 'Role', 'User', 'Before', 'After'],
    grantsSheet: 'Roles and users log',
    grants: ['Role', 'Login name', 'Name', 'Sites', 'Granted by', 'Granted at', 'Revoked by', 'Revoked at', 'State'],
    active: 'Active',
    revoked: 'Revoked',
    enabled: 'Enabled',
    disabled: 'Disabled',
  },
} as const satisfies Record<Locale, unknown>;

const ACTION_LABELS: Record<(typeof ROLE_LOG_ACTIONS)[number], Record<Locale, string>> = {
  'role.create': { 'zh-CN': '新建角色', 'en-US': 'Role created' },
  'role.update': { 'zh-CN': '修改角色', 'en-US': 'Role changed' },
  'role.delete': { 'zh-CN': '删除角色', 'en-US': 'Role deleted' },
  'role.disable': { 'zh-CN': '停用角色', 'en-US': 'Role disabled' },
  'role.enable': { 'zh-CN': '启用角色', 'en-US': 'Role enabled' },
  'role.assign': { 'zh-CN': '授予角色', 'en-US': 'Role granted' },
  'role.revoke': { 'zh-CN': '收回角色', 'en-US': 'Role revoked' },
  'role.site_authority': { 'zh-CN': '修改中心权限', 'en-US': 'Sites changed' },
};

const header = (labels: readonly string[]): Row => labels.map((value) => ({ value, fontWeight: 'bold' as const }));
const text = (value: string | null | undefined): string => value ?? '';
const json = (value: unknown): string => (value === null || value === undefined ? '' : JSON.stringify(value));

function filename(code: string, what: string, now: Date): string {
  return `${code}-${what}-${studyToday(now).replaceAll('-', '')}.xlsx`;
}

async function auditExport(deps: ServiceDeps, caller: ProjectCaller, action: string, rows: number): Promise<void> {
  // An export reads; its audit row is written however the project stands (COMPLIANCE AC-7).
  await projectWrite(deps, caller, {}, (_trx, audit) => audit({ action, entityType: 'project', entityId: caller.project.project.id, newValue: { rows } }));
}

async function workbook(sheets: Sheet<Buffer>[]): Promise<Buffer> {
  return writeXlsxFile(sheets, {}).toBuffer();
}

/** GET download: the project's roles and who holds each, an access review report (COMPLIANCE AC-7). */
export async function exportRoles(deps: ServiceDeps, caller: ProjectCaller): Promise<FileReply> {
  const { db } = deps;
  const labels = LABELS[caller.meta.locale];
  const locale = caller.meta.locale;
  const project = caller.project.project;
  const [roles, sites] = await Promise.all([repo.listRoles(db, project.id), projectSiteRows(db, project.id)]);
  const names = namedSites(sites);
  const grants = await visibleGrants(db, caller.project, roles);
  const roleRows: Row[] = roles.map((role) => [
    role.alias,
    text(role.description),
    text(role.description_en),
    siteNamesLabel(scopeOf(role), names, locale),
    role.enabled ? labels.enabled : labels.disabled,
    rightsOf(role).join(', '),
    grants.filter((grant) => grant.role.id === role.id).length,
  ]);
  const holderRows: Row[] = grants.map(({ role, assignment, scope }) => [
    role.alias,
    assignment.username,
    assignment.name,
    siteNamesLabel(scope, names, locale),
    text(assignment.granted_by_username),
    assignment.granted_at.toISOString(),
  ]);
  const body = await workbook([
    { sheet: labels.rolesSheet, data: [header(labels.roles), ...roleRows], stickyRowsCount: 1 },
    { sheet: labels.holdersSheet, data: [header(labels.holders), ...holderRows], stickyRowsCount: 1 },
  ]);
  await auditExport(deps, caller, 'role.export', holderRows.length);
  return { contentType: XLSX, filename: filename(project.code, 'roles', deps.clock.now()), body };
}

/** POST exportProjectRoleAuthLogs: the whole authorisation log of the project, newest first. */
export async function exportAuthLogs(deps: ServiceDeps, caller: ProjectCaller): Promise<FileReply> {
  const labels = LABELS[caller.meta.locale];
  const project = caller.project.project;
  const { rows } = await repo.listAuthLogs(deps.db, project.id, ROLE_LOG_ACTIONS, { limit: MAX_LOG_ROWS, offset: 0 });
  const data: Row[] = rows.map((row) => {
    const line = presentAuthLog(row);
    const action = ACTION_LABELS[line.action as (typeof ROLE_LOG_ACTIONS)[number]][caller.meta.locale];
    return [line.at, action, text(line.actor), text(line.roleAlias), text(line.username), json(row.old_value), json(row.new_value)];
  });
  const body = await workbook([{ sheet: labels.logSheet, data: [header(labels.log), ...data], stickyRowsCount: 1 }]);
  await auditExport(deps, caller, 'role.auth_log_export', data.length);
  return { contentType: XLSX, filename: filename(project.code, 'role-auth-log', deps.clock.now()), body };
}

/**
 * POST exportProjectRoleAndUserLogs: every grant the project's roles ever had, revoked ones included, with
 * who granted and revoked it and when: who could act in which role at which sites over the study's life
 * (COMPLIANCE AC-7), where the authorisation log lists the changes one by one.
 */
export async function exportRoleUserLogs(deps: ServiceDeps, caller: ProjectCaller): Promise<FileReply> {
  const labels = LABELS[caller.meta.locale];
  const project = caller.project.project;
  const [rows, sites] = await Promise.all([repo.listGrantHistory(deps.db, project.id, MAX_LOG_ROWS), projectSiteRows(deps.db, project.id)]);
  const names = namedSites(sites);
  const data: Row[] = rows.map((row) => [
    row.role_alias,
    row.username,
    row.name,
    siteNamesLabel(scopeOf(row), names, caller.meta.locale),
    text(row.granted_by_username),
    row.granted_at.toISOString(),
    text(row.revoked_by_username),
    row.revoked_at ? row.revoked_at.toISOString() : '',
    row.revoked_at ? labels.revoked : labels.active,
  ]);
  const body = await workbook([{ sheet: labels.grantsSheet, data: [header(labels.grants), ...data], stickyRowsCount: 1 }]);
  await auditExport(deps, caller, 'role.user_log_export', data.length);
  return { contentType: XLSX, filename: filename(project.code, 'role-user-log', deps.clock.now()), body };
}
