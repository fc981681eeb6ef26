import type { CacheClear, CacheInfo, Locale, OnlineUsersPage, OnlineUsersQuery, SysLogEntry, SysLogExportQuery, SysLogFilters, SysLogPage, SysLogQuery } from '@dcap/core';
import { AppError, isoWithOffset, studyToday, sysLogResultOf } from '@dcap/core';
import type { ServiceDeps } from '../../deps.js';
import type { Caller } from '../../http/context.js';
import { platformWrite } from '../../http/project-write.js';
import type { FileReply } from '../../http/route.js';
import { SESSION_CACHE_MAX_ENTRIES, SESSION_CACHE_TTL_MS } from '../auth/session-cache.js';
import type { Cell } from '../queries/export.js';
import { tableFile } from '../queries/export.js';
import * as repo from './repo.js';

/**
 * Platform administration (spec 000 §2.2 /sys/onlineUser, /sys/sysLog, /sys/cache; docs/decisions.md
 * "Platform administration"). Platform administrators only; the routes declare `platform.administer`.
 */

// ---- Online users --------------------------------------------------------------------------------------

export async function listOnlineUsers(deps: ServiceDeps, caller: Caller, query: OnlineUsersQuery): Promise<OnlineUsersPage> {
  const now = deps.clock.now();
  const idle = deps.config.session.idleMs;
  const { pageNo, pageSize, keyword } = query;
  const [rows, total] = await Promise.all([
    repo.listOnlineSessions(deps.db, now, idle, keyword, { limit: pageSize, offset: (pageNo - 1) * pageSize }),
    repo.countOnlineSessions(deps.db, now, idle, keyword),
  ]);
  const list = rows.map((row) => ({
    sessionId: row.id,
    userId: row.user_id,
    username: row.username,
    name: row.name,
    ip: row.ip,
    userAgent: row.user_agent,
    signedInAt: row.created_at.toISOString(),
    lastSeenAt: row.last_seen_at.toISOString(),
    expiresAt: row.expires_at.toISOString(),
    projectId: row.current_project_id,
    projectName: row.project_name,
    projectNameEn: row.project_name_en,
    env: row.current_env,
    own: row.id === caller.actor.sessionId,
  }));
  return { list, total, pageNo, pageSize };
}

/**
 * Ends another user's session at once (COMPLIANCE AC-5 "revoked"): its next call answers "sign in". The
 * sessions trigger announces the change to every instance's session cache when the transaction commits; this
 * instance evicts it at once as well. The caller's own session is refused: signing out is theirs to do.
 */
export async function forceSignOut(deps: ServiceDeps, caller: Caller, sessionId: number): Promise<void> {
  if (sessionId === caller.actor.sessionId) throw new AppError('session.own_sign_out');
  const now = deps.clock.now();
  await platformWrite(deps, caller, async (trx, audit) => {
    const session = await repo.lockOpenSession(trx, sessionId);
    if (!session) throw new AppError('session.not_found');
    await repo.endSessionNow(trx, sessionId, now);
    await audit({
      action: 'session.force_sign_out',
      entityType: 'session',
      entityId: sessionId,
      oldValue: { userId: session.user_id, username: session.username, ip: session.ip, signedInAt: session.created_at.toISOString() },
      newValue: { endedAt: now.toISOString(), endReason: 'revoked' },
    });
  });
  deps.sessions.forgetSession(sessionId);
}

// ---- Operation log -------------------------------------------------------------------------------------

/** The export reads at most this many rows, newest first; narrow the filters for older ones. */
export const SYS_LOG_EXPORT_MAX_ROWS = 50_000;

/**
 * One audit row as the operation log shows it. Values are shown for platform rows only: a project's values
 * (study data, blinded allocations) stay in its own alteration log, behind its rights and blinding.
 */
function presentEntry(row: repo.SysLogRow): SysLogEntry {
  const platform = row.project_id === null;
  return {
    id: row.id,
    at: row.at.toISOString(),
    actorUsername: row.actor_username,
    actorName: row.actor_name,
    actorRole: row.actor_role,
    action: row.action,
    result: sysLogResultOf(row.action),
    entityType: row.entity_type,
    entityId: row.entity_id,
    projectId: row.project_id,
    projectName: row.project_name,
    projectNameEn: row.project_name_en,
    env: row.env,
    ip: row.ip,
    oldValue: platform ? row.old_value : null,
    newValue: platform ? row.new_value : null,
    reason: row.reason,
  };
}

export async function listSysLog(deps: ServiceDeps, query: SysLogQuery): Promise<SysLogPage> {
  const { pageNo, pageSize, ...filters } = query;
  const [rows, total] = await Promise.all([
    repo.listSysLog(deps.db, filters, { limit: pageSize, offset: (pageNo - 1) * pageSize }),
    repo.countSysLog(deps.db, filters),
  ]);
  return { list: rows.map(presentEntry), total, pageNo, pageSize };
}

const HEADER: Record<Locale, string[]> = {
  'zh-CN': ['序号', '时间', '登录名', '姓名', '角色', '操作', '结果', '对象', '项目', '环境', 'IP', '原值', '新值', '原因'],
  'en-US': ['Sequence', 'Time', 'Login name', 'Name', 'Role', 'Action', 'Result', 'Entity', 'Project', 'Environment', 'IP', 'Old value', 'New value', 'Reason'],
};
const SHEET: Record<Locale, string> = { 'zh-CN': '操作日志', 'en-US': 'Operation log' };
const RESULT: Record<Locale, Record<'success' | 'failure', string>> = {
  'zh-CN': { success: '成功', failure: '失败' },
  'en-US': { success: 'Success', failure: 'Failure' },
};
const valueText = (value: unknown): string => (value === null || value === undefined ? '' : typeof value === 'string' ? value : JSON.stringify(value));

/** The operation log under its filters as xlsx or CSV, newest first, times in the given zone (COMPLIANCE TS-2); audited. */
export async function exportSysLog(deps: ServiceDeps, caller: Caller, query: SysLogExportQuery): Promise<FileReply> {
  const { format, timeZone, ...filters } = query;
  const locale = caller.meta.locale;
  const zone = timeZone ?? 'UTC';
  const rows = (await repo.listSysLog(deps.db, filters, { limit: SYS_LOG_EXPORT_MAX_ROWS, offset: 0 })).map(presentEntry);
  const cells: Cell[][] = rows.map((entry) => [
    entry.id,
    isoWithOffset(entry.at, zone),
    entry.actorUsername ?? '',
    entry.actorName ?? '',
    entry.actorRole ?? '',
    entry.action,
    RESULT[locale][entry.result],
    `${entry.entityType}:${entry.entityId ?? ''}`,
    (locale === 'en-US' ? (entry.projectNameEn ?? entry.projectName) : entry.projectName) ?? '',
    entry.env ?? '',
    entry.ip ?? '',
    valueText(entry.oldValue),
    valueText(entry.newValue),
    entry.reason ?? '',
  ]);
  await auditExport(deps, caller, filters, cells.length);
  return tableFile(format, SHEET[locale], HEADER[locale], cells, `operation-log-${studyToday(deps.clock.now()).replaceAll('-', '')}`);
}

/** An export of the audit trail is itself audited (COMPLIANCE AT-3 "exports"). */
async function auditExport(deps: ServiceDeps, caller: Caller, filters: SysLogFilters, rows: number): Promise<void> {
  await platformWrite(deps, caller, (_trx, audit) => audit({ action: 'audit.export', entityType: 'platform', entityId: null, newValue: { rows, filters } }));
}

// ---- Caches --------------------------------------------------------------------------------------------

/** What this instance caches: the session cache (modules/auth/session-cache.ts; docs/architecture.md "Session cache"). */
export function listCaches(deps: ServiceDeps): CacheInfo[] {
  return [{ name: 'sessions', entries: deps.sessions.size, live: deps.sessions.isLive, ttlSeconds: SESSION_CACHE_TTL_MS / 1000, maxEntries: SESSION_CACHE_MAX_ENTRIES }];
}

/**
 * Empties a cache on every instance: this one at once, the others through the session channel's
 * announcement when the audit row commits. Nothing is lost; each session is read from the database again.
 */
export async function clearCache(deps: ServiceDeps, caller: Caller, body: CacheClear): Promise<CacheInfo[]> {
  const held = deps.sessions.size;
  await platformWrite(deps, caller, async (trx, audit) => {
    await repo.announceSessionCacheClear(trx);
    await audit({ action: 'cache.clear', entityType: 'cache', entityId: body.name, oldValue: { entries: held } });
  });
  deps.sessions.clear();
  return listCaches(deps);
}
