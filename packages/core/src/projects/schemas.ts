import { z } from 'zod';
import { GATE_CONDITIONS } from './gates.js';
import { APPLICATION_TYPES } from './applications.js';
import { STATUS_CHANGE_TYPES } from './lifecycle.js';
import { PROJECT_LIST_FILTERS, PROJECT_STATUSES } from './status.js';
import { dbId, multilineText, queryId, safeText } from '../validation/text.js';

/** Spec 000 §1 sub-applications, by their shell names. */
export const APPLICATIONS = ['dCap', 'Balance', 'Bigscreen', 'iMask', 'iSupply', 'Analytics'] as const;
export type ApplicationName = (typeof APPLICATIONS)[number];

/** Spec 000 §3 blind methods: D double blind, S single blind, N none. */
export const BLIND_METHODS = ['D', 'S', 'N'] as const;
export const GROUP_SCHEMES = ['PROJECT_GROUP_SCHEME_RAND', 'PROJECT_GROUP_SCHEME_NONE'] as const;

/**
 * Whether a project groups subjects by randomisation (spec 000 §3 groupScheme): its subjects are enrolled by
 * randomising them, never by hand (docs/decisions.md "Randomisation, blinding and supply").
 */
export function isRandomisedProject(groupScheme: string | null | undefined): boolean {
  return groupScheme === 'PROJECT_GROUP_SCHEME_RAND';
}

/** The project configuration flags of spec 000 §3, all off by default. */
export const PROJECT_CONFIG_FLAGS = [
  'applicationModule',
  'applicationModuleRunning',
  'openWechatMp',
  'openMiniApp',
  'preScreen',
  'preScreenSuspend',
  'visitTask',
  'clinicalNumber',
  'clinicalNumberMust',
  'panelAutoCover',
  'panelAutoSwitch',
  'enableOcr',
  'varsRequeredOnRecruit',
  'sameRoleCancelCloseQuery',
] as const;
export type ProjectConfigFlag = (typeof PROJECT_CONFIG_FLAGS)[number];

const configShape = Object.fromEntries(PROJECT_CONFIG_FLAGS.map((flag) => [flag, z.boolean().optional()])) as Record<
  ProjectConfigFlag,
  z.ZodOptional<z.ZodBoolean>
>;
export const projectConfigSchema = z.strictObject(configShape);
export type ProjectConfig = Partial<Record<ProjectConfigFlag, boolean>>;

/** Project codes are short identifiers used in exports and file names. */
const PROJECT_CODE = /^[A-Za-z0-9][A-Za-z0-9._-]{1,39}$/;
const text = (max: number) => safeText().max(max).nullish();

/** A project's configuration, as applied for (`/dcap/project/apply`) and edited (`/dcap/project/save`). */
const projectFields = {
  code: safeText().refine((code) => PROJECT_CODE.test(code), { params: { message: 'format' } }),
  name: safeText().min(1).max(200),
  eName: text(200),
  piUserNames: text(200),
  piUserNamesEn: text(200),
  sponsorNames: text(200),
  croNames: text(200),
  description: multilineText().trim().max(2000).nullish(),
  blindMethod: z.enum(BLIND_METHODS).default('N'),
  groupScheme: z.enum(GROUP_SCHEMES).default('PROJECT_GROUP_SCHEME_NONE'),
  remoteRandomization: z.boolean().default(false),
  shareEventPanel: z.boolean().default(false),
  autoCode: z.boolean().default(false),
  application: z.array(z.enum(APPLICATIONS)).min(1).max(APPLICATIONS.length).default(['dCap']),
  config: projectConfigSchema.default({}),
};
export const createProjectSchema = z.strictObject(projectFields);
/** Updates carry the version they were read at, so a concurrent edit is refused rather than overwritten. */
export const saveProjectSchema = z.strictObject({
  id: dbId(),
  version: dbId(),
  ...projectFields,
  // Partial (core applyPatch): a field left out keeps its value, so none has a default here; null clears
  // a clearable text; config flags left out keep theirs.
  code: projectFields.code.optional(),
  name: projectFields.name.optional(),
  blindMethod: z.enum(BLIND_METHODS).optional(),
  groupScheme: z.enum(GROUP_SCHEMES).optional(),
  remoteRandomization: z.boolean().optional(),
  shareEventPanel: z.boolean().optional(),
  autoCode: z.boolean().optional(),
  application: z.array(z.enum(APPLICATIONS)).min(1).max(APPLICATIONS.length).optional(),
  config: projectConfigSchema.optional(),
});
export type CreateProjectRequest = z.infer<typeof createProjectSchema>;
export type SaveProjectRequest = z.infer<typeof saveProjectSchema>;

export const projectSchema = z.object({
  id: z.number(),
  code: z.string(),
  name: z.string(),
  eName: z.string().nullable(),
  status: z.enum(PROJECT_STATUSES),
  prevStatus: z.enum(PROJECT_STATUSES).nullable(),
  application: z.array(z.enum(APPLICATIONS)),
  piUserNames: z.string().nullable(),
  piUserNamesEn: z.string().nullable(),
  sponsorNames: z.string().nullable(),
  croNames: z.string().nullable(),
  description: z.string().nullable(),
  blindMethod: z.enum(BLIND_METHODS),
  groupScheme: z.enum(GROUP_SCHEMES),
  remoteRandomization: z.boolean(),
  shareEventPanel: z.boolean(),
  autoCode: z.boolean(),
  config: z.record(z.string(), z.boolean()),
  configAuditRequested: z.boolean(),
  uatConfirmed: z.boolean(),
  onlineRequested: z.boolean(),
  /** The user id of whoever applied to go online (four eyes: they never approve it); null when nobody did. */
  onlineRequestedBy: z.number().nullable(),
  onlineRequestedAt: z.string().nullable(),
  onlineRequestReason: z.string().nullable(),
  progressStep: z.number(),
  version: z.number(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** What the caller may do here, computed by core's rules so the web need not re-implement them. */
  abilities: z.record(z.string(), z.boolean()),
});
export type Project = z.infer<typeof projectSchema>;

export const projectListQuerySchema = z.strictObject({
  filter: z.enum(PROJECT_LIST_FILTERS).default('mine'),
  keyword: safeText().max(64).optional(),
});

export const projectIdParamsSchema = z.strictObject({ projectId: queryId() });
export const updateStatusQuerySchema = z.strictObject({
  projectId: queryId(),
  status: z.enum(PROJECT_STATUSES),
  oldStatus: z.enum(PROJECT_STATUSES),
});
export const approveOnlineQuerySchema = z.strictObject({
  projectId: queryId(),
  approve: z.enum(['true', 'false']).transform((v) => v === 'true'),
  publish: z.enum(['true', 'false']).transform((v) => v === 'true').default(true),
});

/** A decision's reason: optional to approve, required to reject (docs/decisions.md, "Lifecycle gates"). */
const decisionReason = () => multilineText().trim().max(1000).nullish();

/** POST /dcap/project/applyOnline: the application to go online, with an optional reason. */
export const applyOnlineSchema = z.strictObject({ projectId: dbId(), reason: decisionReason() });
/** The body of POST /dcap/project/approveApplyOnline (the decision itself is in the query, spec 000 §7.4). */
export const approveOnlineBodySchema = z.strictObject({ reason: decisionReason() }).optional();

/** The unmet conditions of the two gated moves (core `unmetGates`), for the web to show before the click. */
export const projectGatesSchema = z.object({
  internalTest: z.array(z.enum(GATE_CONDITIONS)),
  online: z.array(z.enum(GATE_CONDITIONS)),
});
export type ProjectGates = z.infer<typeof projectGatesSchema>;

/** One pending application in the approvals inbox: going online, or a status change. */
export const approvalItemSchema = z.object({
  kind: z.enum(['online', 'statusChange']),
  projectId: z.number(),
  projectCode: z.string(),
  projectName: z.string(),
  projectNameEn: z.string().nullable(),
  status: z.enum(PROJECT_STATUSES),
  /** The status-change application's id; null for going online. */
  applicationId: z.number().nullable(),
  type: z.enum(APPLICATION_TYPES).nullable(),
  reason: z.string().nullable(),
  appliedBy: z.string().nullable(),
  appliedAt: z.string().nullable(),
});
export type ApprovalItem = z.infer<typeof approvalItemSchema>;
export const approvalCountSchema = z.object({ count: z.number() });

export const statusChangeApplicationSchema = z.object({
  id: z.number(),
  projectId: z.number(),
  type: z.enum(APPLICATION_TYPES),
  reason: z.string(),
  state: z.enum(['pending', 'approved', 'rejected']),
  appliedBy: z.string(),
  appliedAt: z.string(),
  decidedBy: z.string().nullable(),
  decidedAt: z.string().nullable(),
  decisionComment: z.string().nullable(),
});
export type StatusChangeApplication = z.infer<typeof statusChangeApplicationSchema>;

export const applyStatusChangeSchema = z.strictObject({
  projectId: dbId(),
  type: z.enum(STATUS_CHANGE_TYPES),
  reason: multilineText().trim().min(1).max(1000),
});
export const decideStatusChangeSchema = z.strictObject({
  projectId: dbId(),
  id: dbId(),
  approve: z.boolean(),
  comment: decisionReason(),
});

export const projectStepSchema = z.object({
  status: z.enum(PROJECT_STATUSES),
  prevStatus: z.enum(PROJECT_STATUSES).nullable(),
  step: z.number(),
  notice: z.enum(['pausedOnTest', 'recruitmentPaused', 'projectLocked', 'runPaused']).nullable(),
});
