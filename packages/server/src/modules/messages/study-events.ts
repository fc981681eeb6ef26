import type { Locale, MessageChannel, MessageConfigSettings, MessageEvent, NotificationChannel, SiteScope } from '@dcap/core';
import { DEFAULT_LOCALE, EVENT_NOTIFICATION_CATEGORY, inSiteScope, roleAliasNames, intersectScopes, mergeUserPreferences, renderTemplate, wantsNotification } from '@dcap/core';
import type { ServiceDeps } from '../../deps.js';
import type { Executor } from '../audit/repo.js';
import { effectiveSettings } from './config-settings.js';
import * as repo from './events-repo.js';
import { insertNotifications } from './notifications-repo.js';
import type { OutboundMessage } from './outbox.js';
import { queueMessages } from './outbox.js';

/**
 * An event of a study that tells its members (spec 002 §3 "Message config"): the configuration of the event
 * decides who receives it (receiver roles at project or site level, minus the blacklist), on which channels
 * (in-site, e-mail, WeChat) and in which period (testing or online environment). Each receiver's own
 * notification preferences are honoured.
 */
export interface StudyEvent {
  event: MessageEvent;
  projectId: number;
  /** The environment it happened in, which decides the period; null for what belongs to no environment (a role, the project's status). */
  env: string | null;
  /** Where it happened: site-level receivers are those whose role scope covers this site. */
  siteId: number | null;
  /**
   * Values for the templates' named placeholders, e.g. `{ subjectCode: 'S-001', field: 'AGE' }`. A value under
   * the name with `En` appended (`visitEn`) replaces it in English messages.
   */
  params: Record<string, string | number>;
  /** Users told whatever the configured roles say (the user a role was given to, a query's raiser). */
  directUserIds?: readonly number[];
  /** Who caused it; never told of their own action. */
  actorId: number | null;
  /** A path inside the platform the message links to. */
  link?: string;
  /**
   * Receivers and channels the event itself names (a visit's notify settings, spec 002 §3): when given,
   * they take the place of the message configuration's receiver roles and channel flags for this event.
   * Role ids are the project's roles; their holders receive when their sites cover `siteId`.
   */
  receiverRoleIds?: readonly number[];
  channels?: readonly MessageChannel[];
}

const scopeOf = (all: boolean, sites: readonly number[]): SiteScope => (all ? 'all' : sites);

/** The production environment is the online period; every other environment (development, test, sde) is testing. */
const isOnline = (type: string | null) => type === 'prd';

/** Whether a holder's grant, within its role's sites, covers the site. */
const coversSite = (holder: repo.RoleHolderRow, siteId: number) =>
  inSiteScope(intersectScopes(scopeOf(holder.role_all_sites, holder.role_site_ids), scopeOf(holder.all_sites, holder.site_ids)), siteId);

/** Users the configured roles name: project level every holder, site level those whose grant covers the site. */
async function roleReceivers(trx: Executor, settings: MessageConfigSettings, projectId: number, siteId: number | null): Promise<number[]> {
  if (settings.receivers.length === 0) return [];
  const holders = await repo.roleHolders(trx, projectId);
  return holders
    .filter((holder) =>
      settings.receivers.some((receiver) => {
        if (!roleAliasNames(holder.alias, receiver.role)) return false;
        if (receiver.level === 'project') return true;
        return siteId !== null && coversSite(holder, siteId);
      }),
    )
    .map((holder) => holder.user_id);
}

/** Holders of the given project roles whose sites cover the site (all holders when the event has no site). */
async function holdersOfRoles(trx: Executor, projectId: number, roleIds: readonly number[], siteId: number | null): Promise<number[]> {
  const holders = await repo.roleHolders(trx, projectId);
  return holders
    .filter((holder) => roleIds.includes(holder.role_id))
    .filter((holder) => siteId === null || coversSite(holder, siteId))
    .map((holder) => holder.user_id);
}

/** The values every template may use, in one language: the project's, site's and actor's names. */
async function commonParams(trx: Executor, event: { projectId: number | null; siteId: number | null; actorId: number | null }) {
  const project = event.projectId === null ? undefined : await repo.projectNames(trx, event.projectId);
  const site = event.siteId === null ? undefined : await repo.siteNames(trx, event.siteId);
  const actor = event.actorId === null ? undefined : await repo.userNames(trx, event.actorId);
  return (locale: Locale): Record<string, string> => {
    const en = locale === 'en-US';
    return {
      projectCode: project?.code ?? '',
      projectName: (en ? project?.name_en : null) ?? project?.name ?? '',
      siteName: (en ? site?.name_en : null) ?? site?.name ?? '',
      actorName: (en ? actor?.name_en : null) ?? actor?.name ?? '',
    };
  };
}

/** English messages take a value's `…En` variant where the caller gave one. */
function inLanguage(params: Record<string, string | number>, language: Locale): Record<string, string | number> {
  if (language !== 'en-US') return params;
  const english = Object.entries(params).filter(([name]) => name.length > 2 && name.endsWith('En'));
  return { ...params, ...Object.fromEntries(english.map(([name, value]) => [name.slice(0, -2), value])) };
}

interface Delivery {
  event: MessageEvent;
  projectId: number | null;
  env: string | null;
  siteId: number | null;
  params: Record<string, string | number>;
  actorId: number | null;
  link: string | null;
}

/**
 * Writes each receiver's in-site notification and queues their e-mail and WeChat messages, in their own
 * language and as their preferences allow. Only the event's named placeholders are filled, so a value the
 * caller passed under another name (an arm, say) never reaches a message.
 */
async function deliver(trx: Executor, settings: MessageConfigSettings, delivery: Delivery, userIds: readonly number[]): Promise<void> {
  if (userIds.length === 0) return;
  const common = await commonParams(trx, delivery);
  const category = EVENT_NOTIFICATION_CATEGORY[delivery.event];
  const notifications = [];
  const outbound: OutboundMessage[] = [];
  for (const receiver of await repo.receivers(trx, userIds)) {
    const preferences = mergeUserPreferences({ notifications: receiver.notifications });
    const wants = (channel: NotificationChannel) => category === null || wantsNotification(preferences, channel, category);
    const language = receiver.language ?? DEFAULT_LOCALE;
    const params = { ...common(language), ...inLanguage(delivery.params, language) };
    const template = settings.templates[language];
    const subject = renderTemplate(template.subject, params);
    const body = renderTemplate(template.body, params);
    if (settings.inSite && wants('inSite')) {
      notifications.push({ user_id: receiver.id, project_id: delivery.projectId, env: delivery.env, event: delivery.event, title: subject, body, link: delivery.link });
    }
    const base = { kind: delivery.event, projectId: delivery.projectId, env: delivery.env, recipientUserId: receiver.id, language, subject, body, createdBy: delivery.actorId, payload: delivery.link ? { link: delivery.link } : {} };
    if (settings.email && receiver.email && wants('email')) outbound.push({ ...base, channel: 'email', address: receiver.email });
    if (settings.wechat && receiver.open_id && wants('wechat')) outbound.push({ ...base, channel: 'wechat', address: receiver.open_id });
  }
  await insertNotifications(trx, notifications);
  await queueMessages(trx, outbound);
}

/**
 * Sends a study event in the caller's transaction: in-site notifications are written and e-mail and WeChat
 * messages queued, so nothing is told of a change that did not commit. Nothing is sent when the event's
 * configuration (the project's, else the platform's) is disabled or off for the environment's period.
 * Receivers: holders of the configured roles and the event's direct users, less the blacklist and the actor;
 * only active users.
 */
export async function sendStudyEvent(_deps: ServiceDeps, trx: Executor, event: StudyEvent): Promise<void> {
  const configured = await effectiveSettings(trx, event.projectId, event.event);
  if (!configured.enabled) return;
  const settings = event.channels
    ? { ...configured, inSite: event.channels.includes('inSite'), email: event.channels.includes('email'), wechat: event.channels.includes('wechat') }
    : configured;
  if (event.env !== null) {
    const online = isOnline(await repo.envType(trx, event.projectId, event.env));
    if (online ? !settings.onlinePeriod : !settings.testingPeriod) return;
  }
  const byRole = event.receiverRoleIds
    ? await holdersOfRoles(trx, event.projectId, event.receiverRoleIds, event.siteId)
    : await roleReceivers(trx, settings, event.projectId, event.siteId);
  const ids = new Set([...byRole, ...(event.directUserIds ?? [])]);
  for (const id of settings.blacklist) ids.delete(id);
  if (event.actorId !== null) ids.delete(event.actorId);
  await deliver(trx, settings, { event: event.event, projectId: event.projectId, env: event.env, siteId: event.siteId, params: event.params, actorId: event.actorId, link: event.link ?? null }, [...ids]);
}

/**
 * A password an administrator chose to e-mail (spec 000 §6 "reset a user's password, shown or e-mailed"):
 * the platform's configuration of `password.reset` gives the texts; it goes by e-mail only, whatever the
 * channels and preferences say, since the administrator asked for exactly this e-mail.
 */
export async function sendPasswordByEmail(trx: Executor, userId: number, params: { username: string; password: string }, actorId: number): Promise<void> {
  const settings = await effectiveSettings(trx, null, 'password.reset');
  await deliver(trx, { ...settings, inSite: false, wechat: false, email: true }, { event: 'password.reset', projectId: null, env: null, siteId: null, params, actorId, link: null }, [userId]);
}

/** The code a message names a subject by: its subject code, else its platform number. */
export function subjectCodeOf(trx: Executor, subjectId: number): Promise<string> {
  return repo.subjectCode(trx, subjectId);
}

/** Active platform administrators: who decides a project's status applications. */
export function platformAdminIds(trx: Executor): Promise<number[]> {
  return repo.activePlatformAdminIds(trx);
}
