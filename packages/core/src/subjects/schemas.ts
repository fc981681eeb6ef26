import { z } from 'zod';
import { isIsoDay } from '../schedule/plan.js';
import { FOLLOW_UP_STATES } from '../schedule/reminders.js';
import { dbId, multilineText, queryId, safeText } from '../validation/text.js';
import { LISTED_SUBJECT_STATUSES, SUBJECT_REQUEST_KINDS, SUBJECT_REQUEST_STATES, SUBJECT_STATUSES } from './status.js';

/** Longest one-line subject value (codes, numbers, names, phones). */
export const SUBJECT_TEXT_MAX = 64;
/** Longest address or reason. */
export const SUBJECT_LONG_TEXT_MAX = 500;
export const SUBJECT_PAGE_MAX = 200;
export const SUBJECT_GENDERS = ['M', 'F', 'U'] as const;
export type SubjectGender = (typeof SUBJECT_GENDERS)[number];

const id = dbId();
const text = () => safeText().max(SUBJECT_TEXT_MAX);
const longText = () => safeText().max(SUBJECT_LONG_TEXT_MAX);
/** A calendar day `YYYY-MM-DD` (spec 002 §3 dates: birth date, informed consent date). */
export const isoDaySchema = () => z.string().refine(isIsoDay, { message: 'date' });
const reason = () => multilineText().max(SUBJECT_LONG_TEXT_MAX);

/**
 * The subject fields of spec 002 §3 ("Subject fields seen in labels") a user writes; the platform number,
 * status and enrolment values are written by their own calls. Every field is optional: on update a field
 * left out keeps its value and null clears it (core applyPatch).
 */
export const subjectInfoFields = {
  subjectCode: text().nullish(),
  initials: safeText().max(16).nullish(),
  name: text().nullish(),
  /** Spec 000 §5: 15 or 18 characters, checked with core `parseIdentityNumber`; sets birth date and sex. */
  idNumber: safeText().max(18).nullish(),
  gender: z.enum(SUBJECT_GENDERS).nullish(),
  birthDate: isoDaySchema().nullish(),
  nation: text().nullish(),
  insuranceType: text().nullish(),
  insuranceNo: text().nullish(),
  phone: text().nullish(),
  email: text().nullish(),
  address: longText().nullish(),
  relativeRelation: text().nullish(),
  relativePhone: text().nullish(),
  relativeEmail: text().nullish(),
  relativeAddress: longText().nullish(),
  /** Clinical (hospital) screening number; project flag `clinicalNumber`. */
  screeningNo: text().nullish(),
  consentDate: isoDaySchema().nullish(),
  remoteSite: text().nullish(),
};

/** POST /dcap/subject/save: adds a subject at a site. */
export const saveSubjectSchema = z.strictObject({
  siteId: id,
  ...subjectInfoFields,
  /** Spec 002 §5: a duplicate name at the site is refused with a warning until the user confirms. */
  confirmDuplicate: z.boolean().optional(),
  /** A candidate for pre-screening (project flag `preScreen`, not suspended). */
  preScreen: z.boolean().optional(),
});
export type SaveSubjectRequest = z.infer<typeof saveSubjectSchema>;

/** POST /dcap/subject/update: the information fields, based on the version the user read. */
export const updateSubjectSchema = z.strictObject({ id, version: id, ...subjectInfoFields });
export type UpdateSubjectRequest = z.infer<typeof updateSubjectSchema>;

export const subjectStatusSchema = z.enum(SUBJECT_STATUSES);

/** POST /dcap/subject/status: one change of the transition table (core SUBJECT_TRANSITIONS). */
export const changeSubjectStatusSchema = z.strictObject({ id, version: id, status: subjectStatusSchema, reason: reason().nullish() });
export type ChangeSubjectStatusRequest = z.infer<typeof changeSubjectStatusSchema>;

/** POST /dcap/subject/enrol: spec 002 §5 "Enrolment requires random number, treatment phase and first drug number". */
export const enrolSubjectSchema = z.strictObject({
  id,
  version: id,
  randomNo: text().min(1),
  treatmentPhase: text().min(1),
  firstDrugNo: text().min(1),
});
export type EnrolSubjectRequest = z.infer<typeof enrolSubjectSchema>;

/** POST /dcap/subject/screening: the screening result, a failure with its reason. */
export const screeningResultSchema = z.strictObject({ id, version: id, result: z.enum(['success', 'failure']), reason: reason().nullish() });
export type ScreeningResultRequest = z.infer<typeof screeningResultSchema>;

const dayFilter = () => isoDaySchema().optional();

/** POST /dcap/subject/list: filters, paging; deleted subjects are never listed. */
export const subjectListSchema = z.strictObject({
  siteId: id.optional(),
  status: z.enum(LISTED_SUBJECT_STATUSES as [string, ...string[]]).optional(),
  /** Part of the subject code, platform number or random number. */
  subjectCode: text().optional(),
  initials: text().optional(),
  screeningNo: text().optional(),
  createdFrom: dayFilter(),
  createdTo: dayFilter(),
  enrolledFrom: dayFilter(),
  enrolledTo: dayFilter(),
  pageNo: id.default(1),
  pageSize: id.max(SUBJECT_PAGE_MAX).default(20),
});
export type SubjectListRequest = z.input<typeof subjectListSchema>;

export const subjectIdParamsSchema = z.strictObject({ id: queryId() });

/** A subject as the information page shows it. */
export const subjectSchema = z.object({
  id: z.number(),
  platformNo: z.string(),
  siteId: z.number(),
  siteName: z.string(),
  siteCode: z.string(),
  subjectCode: z.string().nullable(),
  initials: z.string().nullable(),
  name: z.string().nullable(),
  idNumber: z.string().nullable(),
  gender: z.enum(SUBJECT_GENDERS).nullable(),
  birthDate: z.string().nullable(),
  nation: z.string().nullable(),
  insuranceType: z.string().nullable(),
  insuranceNo: z.string().nullable(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  address: z.string().nullable(),
  relativeRelation: z.string().nullable(),
  relativePhone: z.string().nullable(),
  relativeEmail: z.string().nullable(),
  relativeAddress: z.string().nullable(),
  wechatIds: z.record(z.string(), z.unknown()),
  screeningNo: z.string().nullable(),
  consentDate: z.string().nullable(),
  randomNo: z.string().nullable(),
  treatmentPhase: z.string().nullable(),
  firstDrugNo: z.string().nullable(),
  enrolledAt: z.string().nullable(),
  enrolledBy: z.string().nullable(),
  remoteSite: z.string().nullable(),
  strata: z.record(z.string(), z.unknown()),
  status: subjectStatusSchema,
  statusReason: z.string().nullable(),
  statusChangedAt: z.string(),
  designVersionId: z.number().nullable(),
  version: z.number(),
  createdBy: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** Whether a screening-plan rollback request waits for a decision. */
  pendingRollback: z.boolean(),
});
export type Subject = z.infer<typeof subjectSchema>;

export const subjectListItemSchema = subjectSchema.pick({
  id: true,
  platformNo: true,
  siteId: true,
  siteName: true,
  siteCode: true,
  subjectCode: true,
  initials: true,
  gender: true,
  birthDate: true,
  screeningNo: true,
  randomNo: true,
  status: true,
  statusReason: true,
  enrolledAt: true,
  createdAt: true,
  createdBy: true,
}).extend({
  /** Not started, in progress or finished (core schedule/reminders.ts `subjectFollowUpState`). */
  followUp: z.enum(FOLLOW_UP_STATES),
});
export type SubjectListItem = z.infer<typeof subjectListItemSchema>;

export const subjectListPageSchema = z.object({
  list: z.array(subjectListItemSchema),
  total: z.number(),
  pageNo: z.number(),
  pageSize: z.number(),
  /** Subjects per status under every filter but the status one (the list's tags). */
  counts: z.record(z.string(), z.number()),
});
export type SubjectListPage = z.infer<typeof subjectListPageSchema>;

/** POST /dcap/subject/request/rollback: asks to roll the screening-period plan back (spec 002 §4). */
export const rollbackRequestSchema = z.strictObject({ subjectId: id, reason: reason().min(1) });
export type RollbackRequest = z.infer<typeof rollbackRequestSchema>;

/** POST /dcap/subject/request/decide: the approver's decision; a rejection needs a comment. */
export const decideRequestSchema = z.strictObject({ id, approve: z.boolean(), comment: reason().nullish() });
export type DecideRequest = z.infer<typeof decideRequestSchema>;

/** POST /dcap/subject/request/list. */
export const subjectRequestListSchema = z.strictObject({
  state: z.enum(SUBJECT_REQUEST_STATES).optional(),
  subjectId: id.optional(),
  pageNo: id.default(1),
  pageSize: id.max(SUBJECT_PAGE_MAX).default(20),
});
export type SubjectRequestListRequest = z.input<typeof subjectRequestListSchema>;

export const subjectRequestSchema = z.object({
  id: z.number(),
  kind: z.enum(SUBJECT_REQUEST_KINDS),
  state: z.enum(SUBJECT_REQUEST_STATES),
  subjectId: z.number(),
  subjectLabel: z.string(),
  subjectStatus: subjectStatusSchema,
  siteId: z.number(),
  siteName: z.string(),
  reason: z.string(),
  requestedBy: z.string(),
  requestedById: z.number(),
  requestedAt: z.string(),
  decidedBy: z.string().nullable(),
  decidedAt: z.string().nullable(),
  decisionComment: z.string().nullable(),
});
export type SubjectRequest = z.infer<typeof subjectRequestSchema>;

export const subjectRequestPageSchema = z.object({ list: z.array(subjectRequestSchema), total: z.number(), pageNo: z.number(), pageSize: z.number() });
export type SubjectRequestPage = z.infer<typeof subjectRequestPageSchema>;

/** What the add-subject dialog needs: the sites the caller may add at and the project's subject flags. */
export const subjectOptionsSchema = z.object({
  sites: z.array(z.object({ id: z.number(), code: z.string(), name: z.string() })),
  preScreen: z.boolean(),
  clinicalNumber: z.boolean(),
  clinicalNumberMust: z.boolean(),
  varsRequiredOnRecruit: z.boolean(),
  /** Whether the environment has a published design (subjects can be added). */
  hasDesign: z.boolean(),
});
export type SubjectOptions = z.infer<typeof subjectOptionsSchema>;
