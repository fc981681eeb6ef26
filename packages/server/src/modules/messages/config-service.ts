import type { MessageConfig, MessageConfigSettings, MessageEvent, SaveMessageConfigRequest, UserBrief } from '@dcap/core';
import { AppError, defaultMessageConfig, MESSAGE_EVENTS, placeholdersOf, unknownPlaceholders } from '@dcap/core';
import type { MessageConfigRow } from '../../db/schema.js';
import type { ServiceDeps } from '../../deps.js';
import type { Caller, ProjectCaller } from '../../http/context.js';
import { platformWrite, projectWrite } from '../../http/project-write.js';
import type { Executor } from '../audit/repo.js';
import * as repo from './config-repo.js';
import { settingsOf } from './config-settings.js';

/**
 * The message configuration (spec 002 §3 "Message config"; docs/decisions.md "Message configuration"): the
 * platform's configuration of each event, which a project may replace with its own. An event nobody saved
 * runs on core's default.
 */

const columnsOf = (settings: SaveMessageConfigRequest) => ({
  event: settings.event,
  category: settings.category,
  group_name: settings.group,
  title: settings.title,
  receivers: JSON.stringify(settings.receivers),
  blacklist: [...new Set(settings.blacklist)],
  enabled: settings.enabled,
  in_site: settings.inSite,
  testing_period: settings.testingPeriod,
  online_period: settings.onlinePeriod,
  wechat: settings.wechat,
  email: settings.email,
  templates: JSON.stringify(settings.templates),
});

async function present(db: Executor, settings: MessageConfigSettings, row: MessageConfigRow | null, inherited: boolean): Promise<MessageConfig> {
  const blacklistUsers = await repo.usersByIds(db, settings.blacklist);
  return {
    ...settings,
    id: row?.id ?? null,
    projectId: row?.project_id ?? null,
    inherited,
    placeholders: placeholdersOf(settings.event),
    blacklistUsers,
    updatedAt: row ? row.updated_at.toISOString() : null,
  };
}

/** Every event's system configuration, saved or default, in core's event order. */
export async function listSystemConfigs(deps: ServiceDeps): Promise<MessageConfig[]> {
  const rows = new Map((await repo.listConfigRows(deps.db, null)).map((row) => [row.event, row]));
  return Promise.all(
    MESSAGE_EVENTS.map((event) => {
      const row = rows.get(event) ?? null;
      return present(deps.db, row ? settingsOf(row) : defaultMessageConfig(event), row, false);
    }),
  );
}

/** Every event as the project runs it: its own configuration, or the system one marked inherited. */
export async function listProjectConfigs(deps: ServiceDeps, caller: ProjectCaller): Promise<MessageConfig[]> {
  const own = new Map((await repo.listConfigRows(deps.db, caller.project.project.id)).map((row) => [row.event, row]));
  const system = new Map((await repo.listConfigRows(deps.db, null)).map((row) => [row.event, row]));
  return Promise.all(
    MESSAGE_EVENTS.map((event) => {
      const mine = own.get(event);
      if (mine) return present(deps.db, settingsOf(mine), mine, false);
      const inherited = system.get(event) ?? null;
      return present(deps.db, inherited ? settingsOf(inherited) : defaultMessageConfig(event), inherited, true);
    }),
  );
}

/** Refuses placeholders the event does not offer (the editor runs the same core check) and unknown blacklisted users. */
async function checkSettings(db: Executor, body: SaveMessageConfigRequest): Promise<void> {
  const texts = Object.values(body.templates).flatMap((template) => [template.subject, template.body]);
  const unknown = unknownPlaceholders(body.event, texts);
  if (unknown.length > 0) {
    const names = unknown.map((name) => `{${name}}`).join(', ');
    const allowed = placeholdersOf(body.event).map((name) => `{${name}}`).join(' ');
    throw new AppError('message.unknown_placeholder', { names, allowed });
  }
  const blacklist = [...new Set(body.blacklist)];
  if ((await repo.usersByIds(db, blacklist)).length !== blacklist.length) throw new AppError('message.user_unknown');
}

async function saveRow(trx: Executor, projectId: number | null, body: SaveMessageConfigRequest, userId: number, now: Date) {
  const before = await repo.findConfigRow(trx, projectId, body.event, true);
  const columns = { ...columnsOf(body), updated_by: userId, updated_at: now };
  const after = before ? await repo.updateConfig(trx, before.id, columns) : await repo.insertConfig(trx, { ...columns, project_id: projectId });
  return { before, after };
}

export async function saveSystemConfig(deps: ServiceDeps, caller: Caller, body: SaveMessageConfigRequest): Promise<MessageConfig> {
  const row = await platformWrite(deps, caller, async (trx, audit) => {
    await checkSettings(trx, body);
    const { before, after } = await saveRow(trx, null, body, caller.actor.userId, deps.clock.now());
    await audit({ action: 'messageConfig.save', entityType: 'message_config', entityId: after.id, oldValue: before ? settingsOf(before) : null, newValue: settingsOf(after) });
    return after;
  });
  return present(deps.db, settingsOf(row), row, false);
}

export async function saveProjectConfig(deps: ServiceDeps, caller: ProjectCaller, body: SaveMessageConfigRequest): Promise<MessageConfig> {
  const projectId = caller.project.project.id;
  const row = await projectWrite(deps, caller, {}, async (trx, audit) => {
    await checkSettings(trx, body);
    const { before, after } = await saveRow(trx, projectId, body, caller.actor.userId, deps.clock.now());
    await audit({ action: 'messageConfig.save', entityType: 'message_config', entityId: after.id, oldValue: before ? settingsOf(before) : null, newValue: settingsOf(after) });
    return after;
  });
  return present(deps.db, settingsOf(row), row, false);
}

/** Drops the project's own configuration of an event, so the system one holds again; answers it. */
export async function resetProjectConfig(deps: ServiceDeps, caller: ProjectCaller, event: MessageEvent): Promise<MessageConfig> {
  const projectId = caller.project.project.id;
  await projectWrite(deps, caller, {}, async (trx, audit) => {
    const before = await repo.findConfigRow(trx, projectId, event, true);
    if (!before) throw new AppError('message.no_project_config');
    await repo.deleteConfig(trx, before.id);
    await audit({ action: 'messageConfig.reset', entityType: 'message_config', entityId: before.id, oldValue: settingsOf(before), newValue: null });
  });
  const system = await repo.findConfigRow(deps.db, null, event);
  return present(deps.db, system ? settingsOf(system) : defaultMessageConfig(event), system ?? null, true);
}

/**
 * The project's members, whom its blacklist may name: the picker of a manager who may not read the
 * platform's user directory (docs/decisions.md "Message delivery").
 */
export async function listProjectMembers(deps: ServiceDeps, caller: ProjectCaller): Promise<UserBrief[]> {
  const rows = await repo.projectMembers(deps.db, caller.project.project.id);
  return rows.map((row) => ({ id: row.id, username: row.username, name: row.name, nameEn: row.name_en }));
}
