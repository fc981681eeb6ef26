import type {
  ChangeSubjectStatusRequest,
  DecideRequest,
  EnrolmentValues,
  EnrolSubjectRequest,
  RollbackRequest,
  SaveSubjectRequest,
  ScreeningResultRequest,
  Subject,
  SubjectListPage,
  SubjectOptions,
  SubjectRequest,
  SubjectRequestPage,
  SubjectStatus,
  UpdateSubjectRequest,
  subjectListSchema,
  subjectRequestListSchema,
} from '@dcap/core';
import {
  AppError,
  canRequestScreeningRollback,
  completionBlockers,
  isRandomisedProject,
  parseIdentityNumber,
  patched,
  planEvent,
  studyToday,
  subjectTransitionProblem,
} from '@dcap/core';
import type { Transaction } from 'kysely';
import type { z } from 'zod';
import type { Database, SubjectRow } from '../../db/schema.js';
import type { ServiceDeps } from '../../deps.js';
import type { ProjectCaller } from '../../http/context.js';
import type { ProjectAuditor } from '../../http/project-write.js';
import { projectWrite } from '../../http/project-write.js';
import type { Executor } from '../audit/repo.js';
import { designForEnv, followUpOfSubjects, instantiateSchedule } from '../schedule/service.js';
import { auditedSubject, presentListItem, presentRequest, presentSubject } from './presenter.js';
import * as repo from './repo.js';
import type { DataScope } from './scope.js';
import { dataScope, inDataScope, requireSiteInScope, subjectInScope } from './scope.js';

/** Adding and enrolling subjects (spec 000 §4.3 "record recruit"); everything else on a subject is data entry. */
const RECRUIT = { state: 'recordRecruitable', right: 'record.enter' } as const;
const ENTRY = { state: 'recordEditable', right: 'record.enter' } as const;

interface SubjectFlags {
  preScreen: boolean;
  clinicalNumber: boolean;
  clinicalNumberMust: boolean;
  varsRequiredOnRecruit: boolean;
}

/** The project configuration flags subjects read (docs/project-flags.md). */
function flagsOf(config: Record<string, unknown>): SubjectFlags {
  return {
    preScreen: config.preScreen === true && config.preScreenSuspend !== true,
    clinicalNumber: config.clinicalNumber === true,
    clinicalNumberMust: config.clinicalNumber === true && config.clinicalNumberMust === true,
    varsRequiredOnRecruit: config.varsRequeredOnRecruit === true,
  };
}

const blank = (value: string | null | undefined): string | null | undefined => (value === '' ? null : value);

async function present(db: Executor, id: number, caller: ProjectCaller): Promise<Subject> {
  const row = await repo.findSubjectWithSite(db, id);
  if (!row) throw new AppError('subject.not_found');
  return presentSubject(row, caller.meta.locale);
}

function auditExtra(scope: DataScope, subject: SubjectRow) {
  return { siteId: subject.site_id, env: scope.env.key };
}

/** What the add-subject dialog and the list filters need. */
export async function subjectOptions(deps: ServiceDeps, caller: ProjectCaller): Promise<SubjectOptions> {
  const scope = await dataScope(deps.db, caller);
  const sites = await repo.scopedSites(deps.db, scope.projectId, scope.sites);
  const flags = flagsOf(caller.project.project.config);
  return {
    sites: sites.map((site) => ({ id: site.id, code: site.code, name: caller.meta.locale === 'en-US' ? (site.name_en ?? site.name) : site.name })),
    ...flags,
    hasDesign: (await designForEnv(deps.db, scope.env.id)) !== null,
  };
}

/** POST /dcap/subject/list: the caller's sites only, filters, one page and the counts per status. */
export async function listSubjects(deps: ServiceDeps, caller: ProjectCaller, query: z.output<typeof subjectListSchema>): Promise<SubjectListPage> {
  const scope = await dataScope(deps.db, caller);
  if (query.siteId !== undefined) requireSiteInScope(scope, query.siteId);
  const filter: repo.SubjectFilter = {
    projectId: scope.projectId,
    envId: scope.env.id,
    sites: scope.sites,
    siteId: query.siteId,
    status: query.status,
    subjectCode: query.subjectCode,
    initials: query.initials,
    screeningNo: query.screeningNo,
    createdFrom: query.createdFrom,
    createdTo: query.createdTo,
    enrolledFrom: query.enrolledFrom,
    enrolledTo: query.enrolledTo,
  };
  const { rows, total } = await repo.listSubjects(deps.db, filter, { offset: (query.pageNo - 1) * query.pageSize, limit: query.pageSize });
  const counts = await repo.countByStatus(deps.db, filter);
  const followUp = await followUpOfSubjects(deps.db, rows);
  return { list: rows.map((row) => presentListItem(row, caller.meta.locale, followUp.get(row.id) ?? 'NOT_STARTED')), total, pageNo: query.pageNo, pageSize: query.pageSize, counts };
}

export async function getSubject(deps: ServiceDeps, caller: ProjectCaller, id: number): Promise<Subject> {
  const scope = await dataScope(deps.db, caller);
  await subjectInScope(deps.db, scope, id);
  return present(deps.db, id, caller);
}

type InfoInput = Omit<UpdateSubjectRequest, 'id' | 'version'>;

/**
 * The identity number decides birth date and sex (spec 000 §5): a number that does not read is refused with
 * its problem, a sex or birth date sent with it that disagrees is refused, and otherwise both are taken
 * from the number. Without a number, a birth date must not lie in the future.
 */
function identityValues(idNumber: string | null, gender: SubjectRow['gender'], birthDate: string | null, sent: InfoInput, today: string) {
  if (idNumber === null) {
    if (birthDate !== null && birthDate > today) throw new AppError('subject.birth_date_future');
    return { id_number: null, gender, birth_date: birthDate };
  }
  const parsed = parseIdentityNumber(idNumber, today);
  if (!parsed.ok) throw new AppError(`subject.id_number_${parsed.problem}`);
  if ((sent.gender !== undefined && sent.gender !== parsed.sex) || (sent.birthDate !== undefined && sent.birthDate !== parsed.birthDate)) {
    throw new AppError('subject.id_number_conflict');
  }
  return { id_number: parsed.normalised, gender: parsed.sex, birth_date: parsed.birthDate };
}

/** The information columns of a request; a field left out keeps `stored`'s value, null or '' clears it. */
function infoColumns(body: InfoInput, stored: Partial<SubjectRow>) {
  const keep = (key: keyof SubjectRow, value: string | null | undefined) => patched((stored[key] ?? null) as string | null, blank(value));
  return {
    subject_code: keep('subject_code', body.subjectCode),
    initials: keep('initials', body.initials?.toUpperCase()),
    name: keep('name', body.name),
    nation: keep('nation', body.nation),
    insurance_type: keep('insurance_type', body.insuranceType),
    insurance_no: keep('insurance_no', body.insuranceNo),
    phone: keep('phone', body.phone),
    email: keep('email', body.email),
    address: keep('address', body.address),
    relative_relation: keep('relative_relation', body.relativeRelation),
    relative_phone: keep('relative_phone', body.relativePhone),
    relative_email: keep('relative_email', body.relativeEmail),
    relative_address: keep('relative_address', body.relativeAddress),
    screening_no: keep('screening_no', body.screeningNo),
    consent_date: keep('consent_date', body.consentDate),
    remote_site: keep('remote_site', body.remoteSite),
  };
}

async function requireFreeCode(trx: Executor, envId: number, code: string | null, exceptId?: number): Promise<void> {
  if (code !== null && (await repo.subjectCodeTaken(trx, envId, code, exceptId))) throw new AppError('subject.code_taken', { code });
}

/** The next platform number of a site: its code and a four-digit sequence, never reused in the environment. */
async function nextPlatformNo(trx: Executor, envId: number, siteId: number, siteCode: string): Promise<string> {
  for (let n = (await repo.subjectsEverAtSite(trx, envId, siteId)) + 1; ; n += 1) {
    const candidate = `${siteCode}-${String(n).padStart(4, '0')}`;
    if (!(await repo.platformNoTaken(trx, envId, candidate))) return candidate;
  }
}

/**
 * POST /dcap/subject/save: adds a subject at a site of the caller's scope, in the session's environment,
 * with a new platform number and the schedule of the environment's published design (schedule module). A
 * name already used at the site is refused with a warning until the caller confirms (spec 002 §5). A
 * pre-screening candidate (project flag `preScreen`, not suspended) starts in RECORD_STATUS_PRESCREEN.
 */
export async function addSubject(deps: ServiceDeps, caller: ProjectCaller, body: SaveSubjectRequest): Promise<Subject> {
  const scope = await dataScope(deps.db, caller);
  requireSiteInScope(scope, body.siteId);
  if (body.preScreen === true && !flagsOf(caller.project.project.config).preScreen) throw new AppError('subject.pre_screen_off');
  const today = studyToday(deps.clock.now());
  const id = await projectWrite(deps, caller, RECRUIT, async (trx, audit) => {
    const site = await repo.lockSite(trx, body.siteId);
    if (!site || site.project_id !== scope.projectId || site.status !== 'active') throw new AppError('site.not_found');
    const design = await designForEnv(trx, scope.env.id);
    if (!design) throw new AppError('subject.no_design');
    const info = infoColumns(body, {});
    const identity = identityValues(blank(body.idNumber) ?? null, body.gender ?? null, body.birthDate ?? null, body, today);
    if (info.name !== null && body.confirmDuplicate !== true && (await repo.sameNameAtSite(trx, scope.env.id, site.id, info.name)) > 0) {
      throw new AppError('subject.duplicate_name', { name: info.name });
    }
    await requireFreeCode(trx, scope.env.id, info.subject_code);
    const now = deps.clock.now();
    const row = await repo.insertSubject(trx, {
      project_id: scope.projectId,
      env_id: scope.env.id,
      site_id: site.id,
      platform_no: await nextPlatformNo(trx, scope.env.id, site.id, site.code),
      ...info,
      ...identity,
      status: body.preScreen === true ? 'RECORD_STATUS_PRESCREEN' : 'RECORD_STATUS_SCREENING',
      status_changed_at: now,
      design_version_id: design.versionId,
      created_by: caller.actor.userId,
      created_at: now,
      updated_by: caller.actor.userId,
      updated_at: now,
    });
    await audit.change('subject', row.id, { kind: 'create', after: auditedSubject(row) }, auditExtra(scope, row));
    await instantiateSchedule(trx, row, audit, caller.actor.userId);
    return row.id;
  });
  return present(deps.db, id, caller);
}

/** Loads the subject in scope and locks it; refuses a version other than the one the caller read. */
export async function lockedSubject(trx: Executor, scope: DataScope, id: number, version?: number): Promise<SubjectRow> {
  await subjectInScope(trx, scope, id);
  const row = await repo.lockSubject(trx, id);
  if (!row || !inDataScope(scope, row) || row.status === 'DEL') throw new AppError('subject.not_found');
  if (version !== undefined && row.version !== version) throw new AppError('conflict.stale');
  return row;
}

/** POST /dcap/subject/update: the information fields of spec 002 §3, on the version the caller read. */
export async function updateSubjectInfo(deps: ServiceDeps, caller: ProjectCaller, body: UpdateSubjectRequest): Promise<Subject> {
  const scope = await dataScope(deps.db, caller);
  const today = studyToday(deps.clock.now());
  await subjectInScope(deps.db, scope, body.id);
  await projectWrite(deps, caller, ENTRY, async (trx, audit) => {
    const before = await lockedSubject(trx, scope, body.id, body.version);
    const info = infoColumns(body, before);
    const identity = identityValues(
      patched(before.id_number, blank(body.idNumber)),
      patched(before.gender, body.gender),
      patched(before.birth_date, body.birthDate),
      body,
      today,
    );
    if (info.subject_code !== before.subject_code) await requireFreeCode(trx, scope.env.id, info.subject_code, before.id);
    const after = await repo.updateSubject(trx, before.id, { ...info, ...identity, updated_by: caller.actor.userId, updated_at: deps.clock.now() });
    await audit.change('subject', before.id, { kind: 'update', before: auditedSubject(before), after: auditedSubject(after) }, auditExtra(scope, before));
  });
  return present(deps.db, body.id, caller);
}

function refuseTransition(problem: NonNullable<ReturnType<typeof subjectTransitionProblem>>, from: SubjectStatus, to: SubjectStatus, blockers: number): never {
  if (problem === 'transition_forbidden') throw new AppError('subject.transition_forbidden', { from, to });
  if (problem === 'panels_not_signed') throw new AppError('subject.panels_not_signed', { count: blockers });
  throw new AppError(`subject.${problem}`);
}

/**
 * One status change through core's table (COMPLIANCE WF-1), audited with its reason. Completion reads the
 * subject's panel statuses under the subject's lock.
 */
async function moveStatus(
  trx: Executor,
  audit: ProjectAuditor,
  env: string,
  subject: SubjectRow,
  to: SubjectStatus,
  reason: string | null,
  userId: number | null,
  now: Date,
  extra: Partial<Parameters<typeof repo.updateSubject>[2]> = {},
  context: { enrolment?: Partial<EnrolmentValues> } = {},
): Promise<SubjectRow> {
  const from = subject.status as SubjectStatus;
  const panels = to === 'TEST_FIX' ? await repo.panelStatuses(trx, subject.id) : [];
  const problem = subjectTransitionProblem(from, to, { reason, panels, enrolment: context.enrolment });
  if (problem) refuseTransition(problem, from, to, completionBlockers(panels).length);
  const after = await repo.updateSubject(trx, subject.id, { status: to, status_reason: reason, status_changed_at: now, updated_by: userId, updated_at: now, ...extra });
  await audit({
    action: 'subject.status',
    entityType: 'subject',
    entityId: subject.id,
    siteId: subject.site_id,
    env,
    oldValue: { status: from, statusReason: subject.status_reason },
    newValue: { status: to, statusReason: reason, ...(context.enrolment ?? {}) },
    reason,
  });
  return after;
}

/** POST /dcap/subject/status: any change of the table but enrolment (its own call, with the three values). */
export async function changeSubjectStatus(deps: ServiceDeps, caller: ProjectCaller, body: ChangeSubjectStatusRequest): Promise<Subject> {
  const scope = await dataScope(deps.db, caller);
  await subjectInScope(deps.db, scope, body.id);
  await projectWrite(deps, caller, ENTRY, async (trx, audit) => {
    const subject = await lockedSubject(trx, scope, body.id, body.version);
    if (body.status === 'ARMED') throw new AppError('subject.transition_forbidden', { from: subject.status, to: body.status });
    await moveStatus(trx, audit, scope.env.key, subject, body.status, blank(body.reason?.trim()) ?? null, caller.actor.userId, deps.clock.now());
  });
  return present(deps.db, body.id, caller);
}

/** POST /dcap/subject/screening: the screening result; a failure carries its reason. */
export async function recordScreeningResult(deps: ServiceDeps, caller: ProjectCaller, body: ScreeningResultRequest): Promise<Subject> {
  const scope = await dataScope(deps.db, caller);
  await subjectInScope(deps.db, scope, body.id);
  await projectWrite(deps, caller, ENTRY, async (trx, audit) => {
    const subject = await lockedSubject(trx, scope, body.id, body.version);
    const to: SubjectStatus = body.result === 'success' ? 'SCREEN_SUCCESS' : 'SCREEN_FAILURE';
    if (subject.status !== 'RECORD_STATUS_SCREENING' && subject.status !== 'SCREEN_SUCCESS') {
      throw new AppError('subject.transition_forbidden', { from: subject.status, to });
    }
    await moveStatus(trx, audit, scope.env.key, subject, to, blank(body.reason?.trim()) ?? null, caller.actor.userId, deps.clock.now());
  });
  return present(deps.db, body.id, caller);
}

/**
 * The one enrolment step (spec 002 §4, §5), for the enrolment call and for randomisation: the subject moves
 * to ARMED with its random number, treatment phase and first drug number, which can never be undone. The
 * project's flags may ask for more first: the clinical screening number (`clinicalNumber` with
 * `clinicalNumberMust`) and the subject information (`varsRequeredOnRecruit`: initials, sex, birth date and
 * informed consent date). `subject` must be locked by the caller's transaction.
 */
export async function enrolSubject(
  trx: Transaction<Database>,
  audit: ProjectAuditor,
  subject: SubjectRow,
  values: EnrolmentValues,
  source: 'manual' | 'randomisation',
  now: Date,
  userId: number | null = null,
): Promise<SubjectRow> {
  const project = await repo.projectOf(trx, subject.project_id);
  const flags = flagsOf(project.config);
  const enrolment = { randomNo: values.randomNo.trim(), treatmentPhase: values.treatmentPhase.trim(), firstDrugNo: values.firstDrugNo.trim() };
  const problem = subjectTransitionProblem(subject.status as SubjectStatus, 'ARMED', { enrolment });
  if (problem) refuseTransition(problem, subject.status as SubjectStatus, 'ARMED', 0);
  if (flags.clinicalNumberMust && !subject.screening_no) throw new AppError('subject.clinical_number_required');
  if (flags.varsRequiredOnRecruit && (!subject.initials || !subject.gender || !subject.birth_date || !subject.consent_date)) {
    throw new AppError('subject.enrolment_vars_missing');
  }
  const env = (await repo.envKey(trx, subject.env_id)) ?? '';
  const after = await moveStatus(
    trx,
    audit,
    env,
    subject,
    'ARMED',
    null,
    userId,
    now,
    { random_no: enrolment.randomNo, treatment_phase: enrolment.treatmentPhase, first_drug_no: enrolment.firstDrugNo, enrolled_at: now, enrolled_by: userId },
    { enrolment: { ...enrolment, source } as Partial<EnrolmentValues> },
  );
  return after;
}

/** POST /dcap/subject/enrol: enrolment by hand. */
export async function enrolByHand(deps: ServiceDeps, caller: ProjectCaller, body: EnrolSubjectRequest): Promise<Subject> {
  // A randomised study enrols by randomisation only, so no subject gets a random number outside the list
  // (docs/decisions.md "Randomisation, blinding and supply").
  if (isRandomisedProject(caller.project.project.group_scheme)) throw new AppError('subject.enrol_by_randomisation');
  const scope = await dataScope(deps.db, caller);
  await subjectInScope(deps.db, scope, body.id);
  await projectWrite(deps, caller, RECRUIT, async (trx, audit) => {
    const subject = await lockedSubject(trx, scope, body.id, body.version);
    await enrolSubject(trx, audit, subject, body, 'manual', deps.clock.now(), caller.actor.userId);
  });
  return present(deps.db, body.id, caller);
}

// Requests (spec 002 §4: "An applicant can ask to roll back and reset the screening-period plan; an approver
// approves or rejects").

async function presentRequestById(db: Executor, id: number, caller: ProjectCaller): Promise<SubjectRequest> {
  const row = await repo.findRequestWithNames(db, id);
  if (!row) throw new AppError('subject.request_not_found');
  return presentRequest(row, caller.meta.locale);
}

/** POST /dcap/subject/request/rollback: asks for the screening-period plan to be rolled back. */
export async function requestRollback(deps: ServiceDeps, caller: ProjectCaller, body: RollbackRequest): Promise<SubjectRequest> {
  const scope = await dataScope(deps.db, caller);
  await subjectInScope(deps.db, scope, body.subjectId);
  const id = await projectWrite(deps, caller, ENTRY, async (trx, audit) => {
    const subject = await lockedSubject(trx, scope, body.subjectId);
    if (!canRequestScreeningRollback(subject.status as SubjectStatus)) throw new AppError('subject.rollback_not_allowed');
    if (await repo.pendingRequest(trx, subject.id)) throw new AppError('subject.request_pending');
    const reason = body.reason.trim();
    if (reason === '') throw new AppError('subject.reason_required');
    const row = await repo.insertRequest(trx, {
      project_id: subject.project_id,
      env_id: subject.env_id,
      site_id: subject.site_id,
      subject_id: subject.id,
      kind: 'screeningRollback',
      reason,
      requested_by: caller.actor.userId,
      requested_at: deps.clock.now(),
    });
    await audit({
      action: 'subject_request.create',
      entityType: 'subject_request',
      entityId: row.id,
      siteId: subject.site_id,
      env: scope.env.key,
      newValue: { kind: row.kind, subjectId: subject.id, subjectStatus: subject.status },
      reason,
    });
    return row.id;
  });
  return presentRequestById(deps.db, id, caller);
}

/**
 * Re-plans the subject's screening visits from the day of approval (docs/decisions.md, "Subject statuses"):
 * planned day today, the event's window around it, the actual visit date cleared. Entered data stays.
 */
async function resetScreeningPlan(trx: Executor, subject: SubjectRow, today: string) {
  const design = await designForEnv(trx, subject.env_id);
  const screening = (design?.snapshot.events ?? []).filter((event) => event.type === 'SCREENING');
  const instances = await repo.eventInstancesOf(
    trx,
    subject.id,
    screening.map((event) => event.id),
  );
  const changes: { eventInstanceId: number; plannedBefore: string | null; plannedAfter: string | null }[] = [];
  for (const instance of instances) {
    const event = screening.find((one) => one.id === instance.event_id);
    if (!event) continue;
    const plan = planEvent({ offsetDays: 0, windowBefore: event.windowBefore, windowAfter: event.windowAfter }, today);
    await repo.replanEventInstance(trx, instance.id, { planned_date: plan.plannedDate, window_start: plan.windowStart, window_end: plan.windowEnd, actual_date: null });
    changes.push({ eventInstanceId: instance.id, plannedBefore: instance.planned_date, plannedAfter: plan.plannedDate });
  }
  return changes;
}

/**
 * POST /dcap/subject/request/decide: an approver (project right `subject.decide`) other than the requester
 * approves or rejects; a rejection needs a comment. Approval returns the subject to screening and re-plans
 * its screening visits.
 */
export async function decideSubjectRequest(deps: ServiceDeps, caller: ProjectCaller, body: DecideRequest): Promise<SubjectRequest> {
  const scope = await dataScope(deps.db, caller);
  const pending = await repo.findRequest(deps.db, body.id);
  if (!pending || !inDataScope(scope, pending)) throw new AppError('subject.request_not_found');
  await projectWrite(deps, caller, { state: 'recordEditable', right: 'subject.decide' }, async (trx, audit) => {
    const request = await repo.findRequest(trx, body.id, true);
    if (!request || !inDataScope(scope, request)) throw new AppError('subject.request_not_found');
    if (request.state !== 'pending') throw new AppError('subject.request_decided');
    if (request.requested_by === caller.actor.userId) throw new AppError('subject.request_own');
    const comment = blank(body.comment?.trim()) ?? null;
    if (!body.approve && comment === null) throw new AppError('subject.comment_required');
    let replanned: Awaited<ReturnType<typeof resetScreeningPlan>> = [];
    if (body.approve) {
      const subject = await lockedSubject(trx, scope, request.subject_id);
      if (!canRequestScreeningRollback(subject.status as SubjectStatus)) throw new AppError('subject.rollback_not_allowed');
      const now = deps.clock.now();
      await repo.updateSubject(trx, subject.id, { status: 'RECORD_STATUS_SCREENING', status_reason: null, status_changed_at: now, updated_by: caller.actor.userId, updated_at: now });
      replanned = await resetScreeningPlan(trx, subject, studyToday(now));
      await audit({
        action: 'subject.status',
        entityType: 'subject',
        entityId: subject.id,
        siteId: subject.site_id,
        env: scope.env.key,
        oldValue: { status: subject.status, statusReason: subject.status_reason },
        newValue: { status: 'RECORD_STATUS_SCREENING', statusReason: null, rollbackRequestId: request.id, replanned },
        reason: request.reason,
      });
    }
    const state = body.approve ? 'approved' : 'rejected';
    await repo.decideRequest(trx, request.id, { state, decided_by: caller.actor.userId, decided_at: deps.clock.now(), decision_comment: comment });
    await audit({
      action: 'subject_request.decide',
      entityType: 'subject_request',
      entityId: request.id,
      siteId: request.site_id,
      env: scope.env.key,
      oldValue: { state: 'pending' },
      newValue: { state, subjectId: request.subject_id },
      reason: comment,
    });
  });
  return presentRequestById(deps.db, body.id, caller);
}

/** POST /dcap/subject/request/list: requests of the caller's sites in the session's environment. */
export async function listSubjectRequests(deps: ServiceDeps, caller: ProjectCaller, query: z.output<typeof subjectRequestListSchema>): Promise<SubjectRequestPage> {
  const scope = await dataScope(deps.db, caller);
  if (query.subjectId !== undefined) await subjectInScope(deps.db, scope, query.subjectId);
  const { rows, total } = await repo.listRequests(
    deps.db,
    { projectId: scope.projectId, envId: scope.env.id, sites: scope.sites, state: query.state, subjectId: query.subjectId },
    { offset: (query.pageNo - 1) * query.pageSize, limit: query.pageSize },
  );
  return { list: rows.map((row) => presentRequest(row, caller.meta.locale)), total, pageNo: query.pageNo, pageSize: query.pageSize };
}
