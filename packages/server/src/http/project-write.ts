import type { ProjectAction, ProjectPredicate } from '@dcap/core';
import { AppError, SUBJECT_ACTOR_ROLE, canInProject, isDesignEnvironment, projectIs } from '@dcap/core';
import type { Transaction } from 'kysely';
import { translatingErrors } from '../db/errors.js';
import type { Database } from '../db/schema.js';
import type { ServiceDeps } from '../deps.js';
import type { Change } from '../modules/audit/change.js';
import { changeEntry } from '../modules/audit/change.js';
import type { AuditEntry, Executor } from '../modules/audit/repo.js';
import { insertAuditRow, insertAuditRows } from '../modules/audit/repo.js';
import { sessionEnvRow } from './session-env.js';
import type { ProjectContext } from '../modules/projects/access.js';
import { lockProjectStatus } from '../modules/projects/repo.js';
import { findRole } from '../modules/roles/repo.js';
import type { Caller, ProjectCaller } from './context.js';
import { sessionEnv } from './context.js';

/** An audit row of a project write; who, their role, the project and the address are filled in. */
export type ProjectAuditEntry = Omit<AuditEntry, 'actorId' | 'actorUsername' | 'actorRole' | 'projectId' | 'ip'>;
/** An audit row of a platform write (users, units, libraries); who and the address are filled in. */
export type PlatformAuditEntry = Omit<AuditEntry, 'actorId' | 'actorUsername' | 'ip'>;

/**
 * Writes audit rows inside the write's transaction: one entry as given, or through `change` the row of a
 * create, update or delete of one entity (none for an update that changes nothing).
 */
export interface Auditor<E> {
  (entry: E): Promise<void>;
  change(entityType: string, entityId: string | number, change: Change, extra?: Partial<E>): Promise<void>;
}
export type ProjectAuditor = Auditor<ProjectAuditEntry>;
export type PlatformAuditor = Auditor<PlatformAuditEntry>;

function auditor<E>(write: (entry: E) => Promise<void>): Auditor<E> {
  return Object.assign(write, {
    change: async (entityType: string, entityId: string | number, change: Change, extra?: Partial<E>) => {
      const entry = changeEntry(entityType, entityId, change);
      if (entry) await write({ ...extra, ...entry } as E);
    },
  });
}

/** What a project write must satisfy before its work runs. */
export interface ProjectWriteRule {
  /**
   * The status predicate of spec 000 §4.3 the project must satisfy at the moment of the write; none for a
   * write the spec allows in every status (an audited export, environment administration).
   */
  state?: ProjectPredicate;
  /** Spec 000 §4.3: designers (and project administrators) may still edit while the project is paused on test. */
  designer?: boolean;
  /** A project right the write needs, checked again by the helper (the route declares one too). */
  right?: ProjectAction;
  /**
   * The write changes the design, drafted only in a development environment (spec 000 §4.3: "Some functions
   * are available only in dev-type environments (dev, sde)"); its audit rows carry that environment.
   */
  designEnvironment?: boolean;
  /** Values named in the messages of constraint violations (db/errors.ts). */
  errorContext?: Record<string, string>;
}

/**
 * A change to the design (instruments, events, the schedule, project dictionaries, publishing): the project's
 * configuration must be editable, to designers also while testing is paused (spec 000 §4.3), and the session
 * must be in a development environment, which the audit rows record.
 */
export const DESIGN_CHANGE: ProjectWriteRule = { state: 'configDataEditable', designer: true, designEnvironment: true };

export type ProjectWork<T> = (trx: Transaction<Database>, audit: ProjectAuditor) => Promise<T>;

/**
 * Re-reads the project's status under a share lock, so a status change (to offline, say) cannot commit
 * between this check and the write it guards; refuses with the status when core's predicate says no.
 */
export async function requireProjectStatus(trx: Executor, projectId: number, predicate: ProjectPredicate, designer = false): Promise<void> {
  const status = await lockProjectStatus(trx, projectId);
  if (!projectIs(status, predicate, { designer })) throw new AppError('project.status_forbids', { status });
}

/** The caller's standing at the moment of the change, for the audit row (COMPLIANCE AT-1). */
async function actorRole(trx: Executor, project: ProjectContext): Promise<string | null> {
  if (project.access.platformAdmin) return 'admin';
  if (project.access.projectAdmin) return 'projectAdmin';
  if (!project.access.role) return null;
  if (project.roleAlias !== undefined) return project.roleAlias;
  return (await findRole(trx, project.access.role.id))?.alias ?? null;
}

/** How an auditor of `projectWrite` writes many rows in one statement (see `deferredAuditor`). */
const batchWriters = new WeakMap<ProjectAuditor, (entries: readonly ProjectAuditEntry[]) => Promise<void>>();

/** Writes audit rows of one transaction, each carrying the caller, their role and the project. */
async function projectAuditor(trx: Executor, caller: ProjectCaller, env: string | null = null): Promise<ProjectAuditor> {
  const role = await actorRole(trx, caller.project);
  const complete = (entry: ProjectAuditEntry): AuditEntry => ({
    ...entry,
    env: entry.env ?? env,
    actorId: caller.actor.userId,
    actorUsername: caller.actor.username,
    actorRole: role,
    projectId: caller.project.project.id,
    ip: caller.meta.ip,
  });
  const audit = auditor<ProjectAuditEntry>((entry) => insertAuditRow(trx, complete(entry)));
  batchWriters.set(audit, (entries) => insertAuditRows(trx, entries.map(complete)));
  return audit;
}

/** An auditor that keeps its rows until `flush` writes them, in order, in one statement. */
export type DeferredAuditor = ProjectAuditor & { flush(): Promise<void> };

/**
 * Holds the audit rows of a write until `flush`, which the work calls as its last step: the rows are written
 * in one statement, and the project's audit chain lock (taken by the first row, held until commit) is held
 * only from there to the commit, not across the whole write (docs/decisions.md, "Panel entry"). Rows keep
 * the order they were given in. An auditor not made by `projectWrite` gets them one by one.
 */
export function deferredAuditor(audit: ProjectAuditor): DeferredAuditor {
  const pending: ProjectAuditEntry[] = [];
  const deferred = auditor<ProjectAuditEntry>((entry) => {
    pending.push(entry);
    return Promise.resolve();
  });
  return Object.assign(deferred, {
    flush: async () => {
      const entries = pending.splice(0, pending.length);
      const batch = batchWriters.get(audit);
      if (batch) await batch(entries);
      else for (const entry of entries) await audit(entry);
    },
  });
}

/** The session's environment when it is a development one; refuses otherwise (spec 000 §4.3). */
async function requireDesignEnvironment(trx: Executor, caller: ProjectCaller): Promise<string> {
  const key = sessionEnv(caller);
  const env = key === null ? undefined : await sessionEnvRow(trx, caller, key);
  if (key === null || !env || !isDesignEnvironment(env)) throw new AppError('design.dev_env_required');
  return key;
}

/**
 * The one way a project is written: one transaction that checks the caller's right and the project's
 * status (and, for the design, the environment), then runs the work with an auditor whose rows commit with
 * it or not at all (COMPLIANCE AT-5). Constraint violations become catalogue errors.
 */
export function projectWrite<T>(deps: ServiceDeps, caller: ProjectCaller, rule: ProjectWriteRule, work: ProjectWork<T>): Promise<T> {
  if (rule.right && !canInProject(caller.project.access, rule.right)) return Promise.reject(new AppError('permission.project_forbidden'));
  const run = async (trx: Transaction<Database>) => {
    if (rule.state) await requireProjectStatus(trx, caller.project.project.id, rule.state, rule.designer ?? false);
    const env = rule.designEnvironment ? await requireDesignEnvironment(trx, caller) : null;
    return work(trx, await projectAuditor(trx, caller, env));
  };
  // Inside `inCallersTransaction` the write joins that transaction: its checks and audit rows run as always
  // and commit, or roll back, with the caller's other writes.
  const joined = enclosing.get(deps);
  return translatingErrors(() => (joined ? run(joined) : deps.db.transaction().execute(run)), rule.errorContext ?? {});
}

/** The transaction each `ServiceDeps` made by `inCallersTransaction` stands for. */
const enclosing = new WeakMap<ServiceDeps, Transaction<Database>>();

/**
 * Runs several project writes as one, all or none (docs/decisions.md, "CDISC ODM"): `work` gets service
 * dependencies whose every `projectWrite` — and every read — runs inside one transaction, so a service
 * called through them keeps its own checks and audit rows while a failure of a later call undoes the earlier
 * ones. The rule is checked once more for the whole, before any of them runs. Only services that write
 * through `projectWrite` can be called this way: a nested `db.transaction()` is refused by Kysely, so a
 * service opening its own transaction fails loudly here rather than committing on its own.
 */
export function inCallersTransaction<T>(deps: ServiceDeps, caller: ProjectCaller, rule: ProjectWriteRule, work: (joined: ServiceDeps, trx: Transaction<Database>) => Promise<T>): Promise<T> {
  return projectWrite(deps, caller, rule, (trx) => {
    const joined: ServiceDeps = { ...deps, db: trx };
    enclosing.set(joined, trx);
    return work(joined, trx);
  });
}

/** A subject writing their own data through a questionnaire link: no user, named in the audit rows. */
export interface SubjectWriter {
  projectId: number;
  /** `subject:<code>` (core epro `subjectActor`). */
  username: string;
  ip: string;
}

/**
 * The one way a subject without an account writes (docs/decisions.md "Subject questionnaires"): one
 * transaction that checks the project's status, then runs the work with an auditor whose rows carry no user
 * id, the subject's name and the role `subject`, and commit with it or not at all (COMPLIANCE AT-5).
 */
export function subjectWrite<T>(deps: ServiceDeps, writer: SubjectWriter, rule: Pick<ProjectWriteRule, 'state'>, work: ProjectWork<T>): Promise<T> {
  return translatingErrors(
    () =>
      deps.db.transaction().execute(async (trx) => {
        if (rule.state) await requireProjectStatus(trx, writer.projectId, rule.state);
        const complete = (entry: ProjectAuditEntry): AuditEntry => ({
          ...entry,
          actorId: null,
          actorUsername: writer.username,
          actorRole: SUBJECT_ACTOR_ROLE,
          projectId: writer.projectId,
          ip: writer.ip,
        });
        const audit = auditor<ProjectAuditEntry>((entry) => insertAuditRow(trx, complete(entry)));
        batchWriters.set(audit, (entries) => insertAuditRows(trx, entries.map(complete)));
        return work(trx, audit);
      }),
    {},
  );
}

/** Writes audit rows of one platform-level transaction, each carrying the caller and their address. */
function platformAuditor(trx: Executor, caller: Caller): PlatformAuditor {
  return auditor<PlatformAuditEntry>((entry) => insertAuditRow(trx, { ...entry, actorId: caller.actor.userId, actorUsername: caller.actor.username, ip: caller.meta.ip }));
}

/**
 * The one way the platform's own data (users, units, libraries) is written: one transaction whose audit
 * rows commit with the change or not at all (COMPLIANCE AT-5). The route declares and the route layer checks
 * the platform right; constraint violations become catalogue errors.
 */
export function platformWrite<T>(deps: ServiceDeps, caller: Caller, work: (trx: Transaction<Database>, audit: PlatformAuditor) => Promise<T>, errorContext: Record<string, string> = {}): Promise<T> {
  return translatingErrors(() => deps.db.transaction().execute((trx) => work(trx, platformAuditor(trx, caller))), errorContext);
}
