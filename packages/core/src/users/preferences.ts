import { z } from 'zod';

/**
 * A user's own preferences (account settings, spec 000 §2.3 tabs custom and notification): the interface
 * font size (spec 000 §3: "default 12 px; options small, medium, large") and which messages reach them on
 * which channel. Stored per user on the server and, for the font size, also locally so the first paint
 * uses it (docs/decisions.md, "Account preferences").
 */
export const FONT_SIZES = ['small', 'medium', 'large'] as const;
export type FontSize = (typeof FONT_SIZES)[number];

/** Pixels of each font size; small is the spec's default of 12 px. */
export const FONT_SIZE_PX: Record<FontSize, number> = { small: 12, medium: 14, large: 16 };
export const DEFAULT_FONT_SIZE: FontSize = 'small';

/** Spec 000 §3 message channels the platform sends on; WeChat reaches only users with a bound official account. */
export const NOTIFICATION_CHANNELS = ['inSite', 'email', 'wechat'] as const;
export type NotificationChannel = (typeof NOTIFICATION_CHANNELS)[number];

/** The kinds of event a study member is told about. */
export const NOTIFICATION_CATEGORIES = ['queries', 'signatures', 'visits', 'roleChanges', 'projectStatus', 'randomisation'] as const;
export type NotificationCategory = (typeof NOTIFICATION_CATEGORIES)[number];

const categoryFlagsSchema = z.strictObject({
  queries: z.boolean(),
  signatures: z.boolean(),
  visits: z.boolean(),
  roleChanges: z.boolean(),
  projectStatus: z.boolean(),
  randomisation: z.boolean(),
}) satisfies z.ZodType<Record<NotificationCategory, boolean>>;

export const notificationPreferencesSchema = z.strictObject({ inSite: categoryFlagsSchema, email: categoryFlagsSchema, wechat: categoryFlagsSchema }) satisfies z.ZodType<
  Record<NotificationChannel, Record<NotificationCategory, boolean>>
>;
export type NotificationPreferences = z.infer<typeof notificationPreferencesSchema>;

export const userPreferencesSchema = z.object({ fontSize: z.enum(FONT_SIZES), notifications: notificationPreferencesSchema });
export type UserPreferences = z.infer<typeof userPreferencesSchema>;

/**
 * POST /dcap/sys/user/preferences: what to change. A field left out keeps its value; a channel's categories
 * left out keep theirs. Always the caller's own: the body names no user.
 */
export const saveUserPreferencesSchema = z.strictObject({
  fontSize: z.enum(FONT_SIZES).optional(),
  notifications: z
    .strictObject({ inSite: categoryFlagsSchema.partial().optional(), email: categoryFlagsSchema.partial().optional(), wechat: categoryFlagsSchema.partial().optional() })
    .optional(),
});
export type SaveUserPreferencesRequest = z.infer<typeof saveUserPreferencesSchema>;

/**
 * Until a user chooses: everything in the site's message box; by e-mail only what needs them to act or
 * changes their access (queries, role changes, project status, randomisation and emergency unblinding), so a
 * busy site's inbox is not flooded with every signature and visit. WeChat, once bound, carries what needs
 * attention soon.
 */
export function defaultUserPreferences(): UserPreferences {
  return {
    fontSize: DEFAULT_FONT_SIZE,
    notifications: {
      inSite: { queries: true, signatures: true, visits: true, roleChanges: true, projectStatus: true, randomisation: true },
      email: { queries: true, signatures: false, visits: false, roleChanges: true, projectStatus: true, randomisation: true },
      wechat: { queries: true, signatures: true, visits: true, roleChanges: true, projectStatus: true, randomisation: false },
    },
  };
}

/** Stored preferences (possibly older or partial JSON) over the defaults, then a change applied on top. */
export function mergeUserPreferences(stored: { fontSize?: unknown; notifications?: unknown } | null, change: SaveUserPreferencesRequest = {}): UserPreferences {
  const base = defaultUserPreferences();
  const storedFont = z.enum(FONT_SIZES).safeParse(stored?.fontSize);
  const storedNotifications = z
    .object({ inSite: categoryFlagsSchema.partial().optional(), email: categoryFlagsSchema.partial().optional(), wechat: categoryFlagsSchema.partial().optional() })
    .safeParse(stored?.notifications ?? {});
  const kept = storedNotifications.success ? storedNotifications.data : {};
  return {
    fontSize: change.fontSize ?? (storedFont.success ? storedFont.data : base.fontSize),
    notifications: {
      inSite: { ...base.notifications.inSite, ...kept.inSite, ...change.notifications?.inSite },
      email: { ...base.notifications.email, ...kept.email, ...change.notifications?.email },
      wechat: { ...base.notifications.wechat, ...kept.wechat, ...change.notifications?.wechat },
    },
  };
}

/** Whether a message of this category goes to the user on this channel (for the messages feature). */
export function wantsNotification(preferences: UserPreferences, channel: NotificationChannel, category: NotificationCategory): boolean {
  return preferences.notifications[channel][category];
}
