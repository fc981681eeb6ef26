import { z } from 'zod';
import { PASSWORD_MAX_LENGTH } from '../auth/password.js';
import { codeText, dbId, rawText, safeText } from '../validation/text.js';
import { subjectSchema } from '../subjects/schemas.js';
import { randomisationSchemeSchema } from './scheme.js';
import type { ImbalanceSummary } from './simulate.js';
import { SIMULATION_SUBJECTS_MAX, SIMULATION_TRIALS_MAX, SIMULATION_WORK_MAX } from './simulate.js';

/**
 * The calls of the Balance application (randomisation) and of iMask (blinding): spec 000 §1, §2.2 name the
 * applications and their landing pages; the calls are ours (docs/decisions.md, "Randomisation, blinding and
 * supply"). What a blinded caller receives is decided on the server (`armsVisible`); the response shapes below
 * mark every arm-revealing field optional for that reason.
 */

/** Where a factor's option is read from at randomisation: a choice field of a panel of the subject. */
export const factorSourceSchema = z.strictObject({
  instrumentId: dbId(),
  model: safeText().min(1).max(64),
});
export type FactorSource = z.infer<typeof factorSourceSchema>;

/** A scheme as saved: the core scheme, where factors come from, and the treatment phase written at enrolment. */
export const schemeSettingsSchema = z.strictObject({
  scheme: randomisationSchemeSchema,
  /** By factor code; a factor without a source is entered by whoever randomises. */
  factorSources: z.record(safeText().max(32), factorSourceSchema).default({}),
  /** Written into the enrolment's treatment phase (spec 002 §5: enrolment requires it). */
  treatmentPhase: safeText().min(1).max(50),
});
export type SchemeSettings = z.infer<typeof schemeSettingsSchema>;

export const schemeSaveSchema = z.strictObject({
  id: dbId().optional(),
  /** The version last read, for a draft being changed. */
  version: z.number().int().positive().optional(),
  name: safeText().min(1).max(100),
  settings: schemeSettingsSchema,
});
export type SchemeSaveRequest = z.input<typeof schemeSaveSchema>;

export const schemeIdSchema = z.strictObject({ id: dbId() });
export const schemeApproveSchema = z.strictObject({ id: dbId(), version: z.number().int().positive() });

export const simulateRequestSchema = z
  .strictObject({
    id: dbId(),
    trials: z.number().int().min(1).max(SIMULATION_TRIALS_MAX).default(1000),
    subjectsPerTrial: z.number().int().min(1).max(SIMULATION_SUBJECTS_MAX).default(200),
  })
  .refine((value) => value.trials * value.subjectsPerTrial <= SIMULATION_WORK_MAX, { path: ['subjectsPerTrial'], params: { message: 'too_big', max: SIMULATION_WORK_MAX } });
export type SimulateRequest = z.input<typeof simulateRequestSchema>;

export const RAND_TABLE_KINDS = ['test', 'formal'] as const;
export type RandTableKind = (typeof RAND_TABLE_KINDS)[number];

export const tableGenerateSchema = z.strictObject({ schemeId: dbId(), kind: z.enum(RAND_TABLE_KINDS) });
/** A statistician's own list: multipart, the file with the scheme and the kind of list. */
export const tableUploadSchema = z.strictObject({
  file: z.custom<Uint8Array>((value) => value instanceof Uint8Array, { message: 'file' }),
  schemeId: z.coerce.number().int().positive(),
  kind: z.enum(RAND_TABLE_KINDS),
});
export const tableListSchema = z.strictObject({ schemeId: z.coerce.number().int().positive() });
export const tableSlotsSchema = z.strictObject({
  tableId: dbId(),
  stratum: safeText().max(400).optional(),
  page: z.number().int().positive().default(1),
  pageSize: z.number().int().min(1).max(500).default(50),
});

/** Randomising one subject: factors not read from panels are given here, as option codes by factor code. */
export const randomiseRequestSchema = z.strictObject({
  subjectId: dbId(),
  /** The subject's version last read (optimistic locking, as for every subject write). */
  version: z.number().int().positive(),
  factors: z.record(safeText().max(32), safeText().min(1).max(32)).default({}),
  /** Only where no drug plan gives the first kit. */
  firstDrugNo: safeText().min(1).max(50).optional(),
});
export type RandomiseRequest = z.input<typeof randomiseRequestSchema>;

/**
 * A site's code at the remote randomisation service (project flag remoteRandomization; spec 002 §8 "study site
 * not mapped to the randomisation system"): set, or cleared with null.
 */
export const siteMappingSaveSchema = z.strictObject({
  siteId: dbId(),
  remoteSite: codeText().min(1).max(100).nullable(),
});
export type SiteMappingSaveRequest = z.input<typeof siteMappingSaveSchema>;

export const siteMappingSchema = z.object({
  siteId: z.number(),
  siteCode: z.string(),
  siteName: z.string(),
  siteNameEn: z.string().nullable(),
  remoteSite: z.string().nullable(),
  /** Whether the service knows the code; null when not asked (no code, no remote randomisation) or it did not answer. */
  known: z.boolean().nullable(),
  updatedBy: z.string().nullable(),
  updatedAt: z.string().nullable(),
});
export type SiteMapping = z.infer<typeof siteMappingSchema>;

export const siteMappingListSchema = z.object({
  /** The project randomises through the remote service. */
  remoteRandomisation: z.boolean(),
  /** The service answered the list of its sites (false when not asked or it failed). */
  serviceAnswered: z.boolean(),
  list: z.array(siteMappingSchema),
});
export type SiteMappingList = z.infer<typeof siteMappingListSchema>;

export const allocationListSchema = z.strictObject({
  siteId: dbId().optional(),
  page: z.number().int().positive().default(1),
  pageSize: z.number().int().min(1).max(200).default(20),
});

export const emergencyUnblindSchema = z.strictObject({
  subjectId: dbId(),
  reason: safeText().min(1).max(2000),
  /** Re-authentication (COMPLIANCE ES-1): the caller's own login name and password. */
  username: safeText().min(1).max(128),
  password: rawText().min(1).max(PASSWORD_MAX_LENGTH),
});
export const studyUnblindSchema = emergencyUnblindSchema.omit({ subjectId: true });
export const unblindingIdSchema = z.strictObject({ id: dbId() });

export const SCHEME_STATUSES = ['draft', 'approved', 'retired'] as const;
export type SchemeStatus = (typeof SCHEME_STATUSES)[number];

const summarySchema = z.object({ mean: z.number(), p95: z.number(), max: z.number() });

/** The summary of a scheme's last simulation, kept with the scheme: approval needs one of its current version. */
export const simulationReportSchema = z.object({
  version: z.number(),
  trials: z.number(),
  subjectsPerTrial: z.number(),
  ranAt: z.string(),
  overall: summarySchema,
  marginal: summarySchema,
  /** The summary per factor level and per stratum, for the charts. */
  levels: z.record(z.string(), summarySchema),
  strata: z.record(z.string(), summarySchema),
  armShares: z.record(z.string(), z.number()),
  histogram: z.array(z.object({ from: z.number(), to: z.number(), trials: z.number() })),
});
export type SimulationReport = z.infer<typeof simulationReportSchema> & { overall: ImbalanceSummary };

const labelled = { code: z.string(), name: z.string(), nameEn: z.string().optional() };

/** A scheme as the caller may see it: a blinded caller gets no arms, block sizes or simulation (`settings` absent). */
export const randSchemeSchema = z.object({
  id: z.number(),
  name: z.string(),
  status: z.enum(SCHEME_STATUSES),
  version: z.number(),
  method: z.string(),
  /** Factors are not blinded: whoever randomises must give them. */
  factors: z.array(z.object({ ...labelled, options: z.array(z.object({ code: z.string(), label: z.string(), labelEn: z.string().optional() })) })),
  factorSources: z.record(z.string(), factorSourceSchema),
  stratifyBySite: z.boolean(),
  treatmentPhase: z.string(),
  settings: schemeSettingsSchema.optional(),
  simulation: simulationReportSchema.nullable().optional(),
  blinded: z.boolean(),
  createdBy: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  approvedBy: z.string().nullable(),
  approvedAt: z.string().nullable(),
  allocations: z.number(),
});
export type RandScheme = z.infer<typeof randSchemeSchema>;

export const randTableSchema = z.object({
  id: z.number(),
  schemeId: z.number(),
  kind: z.enum(RAND_TABLE_KINDS),
  source: z.enum(['generated', 'uploaded']),
  seed: z.string().nullable(),
  fileName: z.string().nullable(),
  slotCount: z.number(),
  used: z.number(),
  status: z.enum(['active', 'retired']),
  createdBy: z.string().nullable(),
  createdAt: z.string(),
});
export type RandTable = z.infer<typeof randTableSchema>;

export const randSlotSchema = z.object({
  id: z.number(),
  stratum: z.string(),
  seq: z.number(),
  block: z.number().nullable(),
  blockSize: z.number().nullable(),
  arm: z.string(),
  randomNo: z.string(),
  subject: z.string().nullable(),
});
export type RandSlot = z.infer<typeof randSlotSchema>;

/** `arm` and `armName` only for a caller who may see arms, or for the subject the caller unblinded in an emergency. */
export const randAllocationSchema = z.object({
  id: z.number(),
  subjectId: z.number(),
  subject: z.string(),
  siteId: z.number(),
  site: z.string(),
  randomNo: z.string(),
  stratum: z.string(),
  factors: z.record(z.string(), z.string()),
  source: z.enum(['table', 'minimisation', 'remote']),
  arm: z.string().optional(),
  armName: z.string().optional(),
  allocatedBy: z.string().nullable(),
  allocatedAt: z.string(),
  unblinded: z.boolean(),
});
export type RandAllocation = z.infer<typeof randAllocationSchema>;

export const blindingStateSchema = z.object({
  blindMethod: z.enum(['D', 'S', 'N']),
  studyUnblinded: z.boolean(),
  armsVisible: z.boolean(),
  /** Whether whole-study unblinding may be asked for now (database locked, not yet unblinded). */
  studyUnblindAllowed: z.boolean(),
});
export type BlindingStateReply = z.infer<typeof blindingStateSchema>;

export const unblindingSchema = z.object({
  id: z.number(),
  kind: z.enum(['emergency', 'study']),
  subject: z.string().nullable(),
  site: z.string().nullable(),
  reason: z.string(),
  unblindedBy: z.string().nullable(),
  unblindedAt: z.string(),
  acknowledgedBy: z.string().nullable(),
  acknowledgedAt: z.string().nullable(),
  arm: z.string().optional(),
  armName: z.string().optional(),
});
export type Unblinding = z.infer<typeof unblindingSchema>;

export const randSchemeListSchema = z.array(randSchemeSchema);
export const randTableListSchema = z.array(randTableSchema);
export const randSlotPageSchema = z.object({ list: z.array(randSlotSchema), total: z.number() });
export const randAllocationPageSchema = z.object({ list: z.array(randAllocationSchema), total: z.number() });
export const unblindingListSchema = z.array(unblindingSchema);
export const tableUploadReplySchema = z.object({
  table: randTableSchema.nullable(),
  problems: z.array(z.object({ row: z.number(), column: z.string().optional(), message: z.string() })),
});
export const schemeIdQuerySchema = z.strictObject({ id: z.coerce.number().int().positive() });
export const randomiseReplySchema = z.object({ subject: subjectSchema, allocation: randAllocationSchema });
export const allocationReplySchema = randAllocationSchema.nullable();
