import { z } from 'zod';
import type { Locale } from '../i18n/locale.js';
import type { ApplicationType } from '../projects/applications.js';
import type { NotificationCategory } from '../users/preferences.js';
import { dbId, multilineText, safeText } from '../validation/text.js';
import type { MessageEvent } from './channels.js';
import { MESSAGE_EVENTS } from './channels.js';

/**
 * The message configuration (spec 002 §3 "Message config"): per event, who is told (receiver roles at project
 * or site level, minus blacklisted users), on which channels and in which period, with a subject and body in
 * each language. System configurations (no project) hold for every project; a project's own configuration of
 * an event replaces the system one for that project (docs/decisions.md "Message configuration").
 */
export const MESSAGE_CONFIG_CATEGORIES = ['system', 'project'] as const;
export type MessageConfigCategory = (typeof MESSAGE_CONFIG_CATEGORIES)[number];

/** Project level: every holder of the role. Site level: only holders whose sites cover the event's site. */
export const RECEIVER_LEVELS = ['project', 'site'] as const;
export type ReceiverLevel = (typeof RECEIVER_LEVELS)[number];

/** Filled by the platform for every event; the rest come from the module that raised it. */
export const COMMON_PLACEHOLDERS = ['projectCode', 'projectName', 'siteName', 'actorName'] as const;

/**
 * The named placeholders a template of each event may use. Nothing blinded is ever offered: no arm, group or
 * kit type, only the randomisation number (docs/decisions.md "Message configuration").
 */
export const EVENT_PLACEHOLDERS: Record<MessageEvent, readonly string[]> = {
  'query.raised': ['subjectCode', 'visit', 'field', 'content'],
  'query.answered': ['subjectCode', 'visit', 'field', 'comment'],
  'query.closed': ['subjectCode', 'visit', 'field', 'comment'],
  'signature.due': ['subjectCode', 'visit', 'panel'],
  'visit.due': ['subjectCode', 'visit', 'dueDate'],
  'visit.overdue': ['subjectCode', 'visit', 'dueDate'],
  'role.assigned': ['roleName', 'username'],
  'password.reset': ['username', 'password'],
  'project.statusApplied': ['application', 'reason'],
  'project.statusDecided': ['application', 'decision', 'comment'],
  'randomisation.done': ['subjectCode', 'randomNo'],
  'unblinding.emergency': ['subjectCode', 'randomNo', 'reason'],
};

export function placeholdersOf(event: MessageEvent): string[] {
  return [...COMMON_PLACEHOLDERS, ...EVENT_PLACEHOLDERS[event]];
}

/**
 * Which preference category decides whether a receiver wants an event (core users/preferences.ts).
 * `null`: the message is the point of the call (a password e-mailed on request) and always goes.
 */
export const EVENT_NOTIFICATION_CATEGORY: Record<MessageEvent, NotificationCategory | null> = {
  'query.raised': 'queries',
  'query.answered': 'queries',
  'query.closed': 'queries',
  'signature.due': 'signatures',
  'visit.due': 'visits',
  'visit.overdue': 'visits',
  'role.assigned': 'roleChanges',
  'password.reset': null,
  'project.statusApplied': 'projectStatus',
  'project.statusDecided': 'projectStatus',
  'randomisation.done': 'randomisation',
  'unblinding.emergency': 'randomisation',
};

const PLACEHOLDER = /\{([A-Za-z][A-Za-z0-9]*)\}/g;

/** The names of the placeholders a text uses, in order of first use. */
export function placeholdersIn(text: string): string[] {
  return [...new Set([...text.matchAll(PLACEHOLDER)].map((match) => match[1] as string))];
}

/** Placeholders of the texts the event does not offer; the editor and the server both refuse them. */
export function unknownPlaceholders(event: MessageEvent, texts: readonly string[]): string[] {
  const allowed = new Set(placeholdersOf(event));
  return [...new Set(texts.flatMap(placeholdersIn))].filter((name) => !allowed.has(name));
}

/** Fills the named placeholders; one without a value becomes empty, and `{{` `}}` are not special. */
export function renderTemplate(text: string, params: Readonly<Record<string, string | number | null | undefined>>): string {
  return text.replace(PLACEHOLDER, (_whole, name: string) => {
    const value = Object.hasOwn(params, name) ? params[name] : undefined;
    return value === null || value === undefined ? '' : String(value);
  });
}

export const MESSAGE_SUBJECT_MAX = 200;
export const MESSAGE_BODY_MAX = 2000;

export const messageTemplateSchema = z.strictObject({
  subject: safeText().min(1).max(MESSAGE_SUBJECT_MAX),
  body: multilineText().trim().min(1).max(MESSAGE_BODY_MAX),
});
export type MessageTemplate = z.infer<typeof messageTemplateSchema>;

export const messageTemplatesSchema = z.strictObject({ 'zh-CN': messageTemplateSchema, 'en-US': messageTemplateSchema }) satisfies z.ZodType<Record<Locale, MessageTemplate>>;
export type MessageTemplates = z.infer<typeof messageTemplatesSchema>;

/** A receiver role: a role's alias, or a role template's code, which also names the site roles made from it (`PI` for `PI-A01`). */
export const messageReceiverSchema = z.strictObject({ role: safeText().min(1).max(64), level: z.enum(RECEIVER_LEVELS) });
export type MessageReceiver = z.infer<typeof messageReceiverSchema>;

export const MESSAGE_FLAGS = ['enabled', 'inSite', 'testingPeriod', 'onlinePeriod', 'wechat', 'email'] as const;
export type MessageFlag = (typeof MESSAGE_FLAGS)[number];

/** What an editor sends: the whole configuration of one event. */
export const saveMessageConfigSchema = z.strictObject({
  event: z.enum(MESSAGE_EVENTS),
  category: z.enum(MESSAGE_CONFIG_CATEGORIES),
  group: safeText().min(1).max(64),
  title: safeText().min(1).max(120),
  receivers: z.array(messageReceiverSchema).max(50),
  blacklist: z.array(dbId()).max(500),
  enabled: z.boolean(),
  inSite: z.boolean(),
  testingPeriod: z.boolean(),
  onlinePeriod: z.boolean(),
  wechat: z.boolean(),
  email: z.boolean(),
  templates: messageTemplatesSchema,
});
export type SaveMessageConfigRequest = z.infer<typeof saveMessageConfigSchema>;

export const messageConfigEventSchema = z.strictObject({ event: z.enum(MESSAGE_EVENTS) });

export const messageConfigSchema = saveMessageConfigSchema.extend({
  /** Null while the event runs on the platform's default and nobody has saved it. */
  id: z.number().nullable(),
  projectId: z.number().nullable(),
  /** In a project's list: true when the project has no configuration of its own and the system one holds. */
  inherited: z.boolean(),
  placeholders: z.array(z.string()),
  blacklistUsers: z.array(z.object({ id: z.number(), username: z.string(), name: z.string() })),
  updatedAt: z.string().nullable(),
});
export type MessageConfig = z.infer<typeof messageConfigSchema>;

/** The settings a configuration row holds (no id, project or presentation). */
export type MessageConfigSettings = SaveMessageConfigRequest;

/** Application names for the project status messages, in both languages (the web's projects catalogue says the same). */
export const APPLICATION_MESSAGE_NAMES: Record<ApplicationType, { zh: string; en: string }> = {
  APPLY_SUSPEND_RECRUIT: { zh: '暂停入组', en: 'Suspend recruitment' },
  APPLY_CONTINUE_RECRUIT: { zh: '继续入组', en: 'Continue recruitment' },
  APPLY_PROJECT_LOCKED: { zh: '锁定项目', en: 'Lock the project' },
  APPLY_PROJECT_UNLOCKED: { zh: '解锁项目', en: 'Unlock the project' },
  APPLY_FREEZED_ON_RESEARCH: { zh: '暂停运行', en: 'Pause the running study' },
  APPLY_UNFREEZE_CONTINUE_RECRUIT: { zh: '恢复运行', en: 'Resume the running study' },
  APPLY_DATABASE_FREEZED: { zh: '锁定数据库', en: 'Lock the database' },
  APPLY_DATABASE_UNFREEZED: { zh: '解锁数据库', en: 'Unlock the database' },
  APPLY_PRE_SCREEN_SUSPEND: { zh: '暂停预筛选', en: 'Suspend pre-screening' },
};

/** The application to go online (spec 000 §4.2), decided like the status changes. */
export const ONLINE_APPLICATION_MESSAGE_NAME = { zh: '正式上线', en: 'Go online' } as const;

/** The decision's word for the `{decision}` placeholder. */
export const DECISION_MESSAGE_NAMES = { approved: { zh: '批准', en: 'approved' }, rejected: { zh: '驳回', en: 'rejected' } } as const;
