import type { InstrumentKind } from '../design/instruments.js';
import type { Locale } from '../i18n/locale.js';
import type { Panel } from '../panels/schema.js';
import { walkWidgets } from '../panels/walk.js';

/**
 * Subject questionnaires (ePRO; spec 002 §2 "generate an instrument survey link, generate an event survey
 * link", §4 "Questionnaire sending: sent or failed; entry: not entered or entered; validity: valid or
 * invalid"; docs/decisions.md "Subject questionnaires").
 */

/** Random bytes of a link's token (base64url, 43 characters); only its SHA-256 is stored. */
export const SURVEY_TOKEN_BYTES = 32;
export const SURVEY_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;
/** How long a link stays valid, in days, chosen at creation. */
export const SURVEY_EXPIRY_DEFAULT_DAYS = 7;
export const SURVEY_EXPIRY_MAX_DAYS = 30;
/** Calls of the public page per minute from one address, and with one token (as the sign-in limit). */
export const SURVEY_RATE_PER_ADDRESS = 60;
export const SURVEY_RATE_PER_TOKEN = 20;

/** Widget types a subject cannot fill on the public page: files are uploaded by staff (spec 002 §5). */
const STAFF_ONLY_TYPES = new Set(['uploader', 'imgupload']);

/**
 * Whether a panel may be filled by the subject in survey mode: a form panel (derived and external panels
 * are filled by the platform) with no upload and no field of randomisation or enrolment (arm, stratification
 * factor, enrolment flag), which only staff enter.
 */
export function surveyAllowed(kind: InstrumentKind, panel: Pick<Panel, 'list'>): boolean {
  if (kind !== 'form') return false;
  for (const { widget } of walkWidgets(panel.list)) {
    if (STAFF_ONLY_TYPES.has(widget.type)) return false;
    const options = widget.options as { arm?: boolean; strataFactors?: boolean; enroll?: boolean };
    if (options.arm === true || options.strataFactors === true || options.enroll === true) return false;
  }
  return true;
}

export type SurveySendState = 'none' | 'pending' | 'sent' | 'failed';
export type SurveyValidity = 'valid' | 'expired' | 'revoked' | 'entered';

/** A link can be used until it is submitted, revoked or past its expiry. */
export function surveyValidity(link: { expiresAt: Date; revokedAt: Date | null; enteredAt: Date | null }, now: Date): SurveyValidity {
  if (link.enteredAt) return 'entered';
  if (link.revokedAt) return 'revoked';
  if (link.expiresAt.getTime() <= now.getTime()) return 'expired';
  return 'valid';
}

/** The send state of a link from its latest outbox message (none when it was never sent). */
export function surveySendState(status: string | null): SurveySendState {
  switch (status) {
    case null:
      return 'none';
    case 'queued':
    case 'sending':
      return 'pending';
    case 'sent':
      return 'sent';
    default:
      return 'failed';
  }
}

/** The web address of a link: the public page outside the shell, opening in the link's language. */
export const surveyPath = (token: string, language: Locale) => `/epro/${token}?lang=${language}`;

/** How an audit row names a subject who entered data through a link (docs/decisions.md). */
export const SUBJECT_ACTOR_PREFIX = 'subject:';
export const SUBJECT_ACTOR_ROLE = 'subject';
export const subjectActor = (code: string) => `${SUBJECT_ACTOR_PREFIX}${code}`;
