import { z } from 'zod';
import { emailSchema } from '../auth/schemas.js';
import { LOCALES } from '../i18n/locale.js';
import { panelSchema } from '../panels/schema.js';
import { PANEL_STATUSES } from '../records/panel-status.js';
import { RECORD_VALUES_MAX } from '../records/schemas.js';
import { dbId, queryId, rawText, safeText } from '../validation/text.js';
import { SURVEY_EXPIRY_MAX_DAYS, SURVEY_TOKEN_PATTERN } from './rules.js';

/** Request and response shapes of subject questionnaires (docs/decisions.md "Subject questionnaires"). */

const id = dbId();
const language = z.enum(LOCALES);

/** POST /dcap/epro/link/create: a link for one panel instance, or for every survey panel of its visit. */
export const createSurveyLinkSchema = z.strictObject({
  panelInstanceId: id,
  scope: z.enum(['panel', 'event']),
  language,
  expiresInDays: z.number().int().min(1).max(SURVEY_EXPIRY_MAX_DAYS).optional(),
});
export type CreateSurveyLinkRequest = z.infer<typeof createSurveyLinkSchema>;

export const surveyLinkRefSchema = z.strictObject({ linkId: id });

/** POST /dcap/epro/link/send: e-mail (to the address given) or WeChat (to the subject's bound id). */
export const sendSurveyLinkSchema = z.strictObject({
  linkId: id,
  /** The token the link was made with (only its hash is stored): whoever sends it holds it. */
  token: safeText().regex(SURVEY_TOKEN_PATTERN),
  channel: z.enum(['email', 'wechat']),
  email: emailSchema.optional(),
});
export type SendSurveyLinkRequest = z.infer<typeof sendSurveyLinkSchema>;

/** POST /dcap/epro/panel/mail: a readable copy of a panel instance's values to an address staff type. */
export const mailPanelSchema = z.strictObject({ panelInstanceId: id, email: emailSchema, language });
export type MailPanelRequest = z.infer<typeof mailPanelSchema>;

/** POST /dcap/epro/panel/push: a new panel link pushed to the subject's bound WeChat id. */
export const pushPanelSchema = z.strictObject({ panelInstanceId: id, language, expiresInDays: z.number().int().min(1).max(SURVEY_EXPIRY_MAX_DAYS).optional() });
export type PushPanelRequest = z.infer<typeof pushPanelSchema>;

export const surveyLinkListQuerySchema = z.strictObject({ subjectId: queryId() });

export const surveyLinkSchema = z.object({
  id: z.number(),
  subjectId: z.number(),
  scope: z.enum(['panel', 'event']),
  eventInstanceId: z.number(),
  eventName: z.string(),
  eventNameEn: z.string().nullable(),
  panels: z.array(z.object({ panelInstanceId: z.number(), name: z.string(), nameEn: z.string().nullable() })),
  language,
  createdBy: z.string().nullable(),
  createdAt: z.string(),
  expiresAt: z.string(),
  revokedAt: z.string().nullable(),
  enteredAt: z.string().nullable(),
  sendState: z.enum(['none', 'pending', 'sent', 'failed']),
  sentVia: z.enum(['email', 'wechat']).nullable(),
  validity: z.enum(['valid', 'expired', 'revoked', 'entered']),
});
export type SurveyLink = z.infer<typeof surveyLinkSchema>;

/** The answer of creating a link: the only time its token is told. */
export const createdSurveyLinkSchema = z.object({ link: surveyLinkSchema, token: z.string(), path: z.string(), subjectEmail: z.string().nullable(), wechatBound: z.boolean() });
export type CreatedSurveyLink = z.infer<typeof createdSurveyLinkSchema>;

/**
 * A subject's links, the e-mail address to prefill and the subject's WeChat binding: `wechatId` is the bound
 * official-account open id shortened (core messages `maskOpenId`), null when none is bound.
 */
export const surveyLinksSchema = z.object({ links: z.array(surveyLinkSchema), subjectEmail: z.string().nullable(), wechatBound: z.boolean(), wechatId: z.string().nullable() });
export type SurveyLinks = z.infer<typeof surveyLinksSchema>;

/** What a send queued. */
export const surveySentSchema = z.object({ messageIds: z.array(z.number()) });
export type SurveySent = z.infer<typeof surveySentSchema>;

// The public page (no account): the link's token is its only key.

export const surveyTokenParamsSchema = z.strictObject({ token: safeText().regex(SURVEY_TOKEN_PATTERN) });

/**
 * The page's WeChat offer (docs/decisions.md "Subject WeChat binding"): whether the subject's reminders
 * already reach a WeChat id, and the official account's authorisation address that comes back to the page
 * with a code to bind (null when no official account is configured: no offer).
 */
export const surveyWechatSchema = z.object({ bound: z.boolean(), authorizeUrl: z.string().nullable() });
export type SurveyWechat = z.infer<typeof surveyWechatSchema>;

/** POST /dcap/epro/wechat/unbind: staff remove the subject's official-account binding. */
export const subjectWechatUnbindSchema = z.strictObject({ subjectId: id });
export type SubjectWechatUnbindRequest = z.infer<typeof subjectWechatUnbindSchema>;

/**
 * What the subject sees: the study's and visit's names and the blank panels of the link, nothing else (a
 * link only ever writes panels nobody has saved, so there are no stored values to show).
 */
export const publicSurveySchema = z.object({
  language,
  projectName: z.string(),
  projectNameEn: z.string().nullable(),
  eventName: z.string(),
  eventNameEn: z.string().nullable(),
  expiresAt: z.string(),
  wechat: surveyWechatSchema,
  panels: z.array(
    z.object({
      panelInstanceId: z.number(),
      name: z.string(),
      nameEn: z.string().nullable(),
      panel: panelSchema,
    }),
  ),
});
export type PublicSurvey = z.infer<typeof publicSurveySchema>;

const valuesSchema = z.record(rawText().max(300), z.unknown()).refine((values) => Object.keys(values).length <= RECORD_VALUES_MAX, { message: 'too_many' });

/** The subject's submission: the values of each panel of the link, all saved at once. */
export const submitSurveySchema = z.strictObject({
  panels: z.array(z.strictObject({ panelInstanceId: id, values: valuesSchema })).min(1).max(50),
});
export type SubmitSurveyRequest = z.infer<typeof submitSurveySchema>;

export const submittedSurveySchema = z.object({ enteredAt: z.string(), panels: z.array(z.object({ panelInstanceId: z.number(), status: z.enum(PANEL_STATUSES) })) });
export type SubmittedSurvey = z.infer<typeof submittedSurveySchema>;
