import type { FieldStatus } from '../records/field-state.js';

/**
 * Query states (spec 002 §4 "Query states"; migration 0015 `queries.status`). OPEN and ANSWERED count as
 * unclosed; the management labels are pending reply, replied, closed, auto-closed and canceled.
 */
export const QUERY_STATUSES = ['OPEN', 'ANSWERED', 'CLOSED', 'AUTO_CLOSED', 'CANCELED'] as const;
export type QueryStatus = (typeof QUERY_STATUSES)[number];

export const UNCLOSED_QUERY_STATUSES: readonly QueryStatus[] = ['OPEN', 'ANSWERED'];
export const isQueryUnclosed = (status: QueryStatus): boolean => UNCLOSED_QUERY_STATUSES.includes(status);

/** What is done to a query, one comment each (migration 0015 `query_comments.action`). */
export const QUERY_ACTIONS = ['raise', 'answer', 'close', 'cancel', 'autoClose'] as const;
export type QueryAction = (typeof QUERY_ACTIONS)[number];
/** The actions a user chooses on an existing query. */
export const QUERY_USER_ACTIONS = ['answer', 'close', 'cancel'] as const;
export type QueryUserAction = (typeof QUERY_USER_ACTIONS)[number];

/**
 * The transitions (COMPLIANCE WF-1): from which states each action may start and where it leads. `raise`
 * creates the query; `autoClose` follows a change of the queried value (docs/decisions.md, "Queries").
 */
export const QUERY_TRANSITIONS: Record<QueryAction, { from: readonly (QueryStatus | null)[]; to: QueryStatus }> = {
  raise: { from: [null], to: 'OPEN' },
  answer: { from: ['OPEN'], to: 'ANSWERED' },
  close: { from: ['OPEN', 'ANSWERED'], to: 'CLOSED' },
  cancel: { from: ['OPEN', 'ANSWERED'], to: 'CANCELED' },
  autoClose: { from: ['OPEN', 'ANSWERED'], to: 'AUTO_CLOSED' },
};

export function queryTransition(action: QueryAction, from: QueryStatus | null): QueryStatus | null {
  const rule = QUERY_TRANSITIONS[action];
  return rule.from.includes(from) ? rule.to : null;
}

/**
 * A user's query rights in the project (spec 002 §6): `raise` is the role right `query`, `answer` is
 * `answerQuery`, `handleAll` is `handleAllQuery` (core permissions: query.raise, query.answer,
 * query.handleAll; managers hold all three).
 */
export interface QueryRights {
  raise: boolean;
  answer: boolean;
  handleAll: boolean;
}

export interface QueryActor {
  userId: number;
  /** The project role the user acts in; null for administrators and project managers without one. */
  roleId: number | null;
  rights: QueryRights;
}

export interface QueryFacts {
  status: QueryStatus;
  raisedBy: number;
  raisedRoleId: number | null;
}

export interface QueryOptions {
  /**
   * Project flag `sameRoleCancelCloseQuery` (spec 000 §3; core projects/flags.ts): the query belongs to the
   * role that raised it, so any user of that role may cancel or close it, and no other role may (users with
   * handleAllQuery excepted). Off: only the raiser may cancel, and any holder of `query` may close an
   * answered query (docs/decisions.md, "Queries").
   */
  sameRoleCancelClose: boolean;
}

/** Why a user may not take an action, as a catalogue code; null when they may. */
export type QueryRefusal = 'query.forbidden' | 'query.wrong_status' | 'query.not_owner';

function owns(actor: QueryActor, query: QueryFacts, options: QueryOptions): boolean {
  if (options.sameRoleCancelClose) return query.raisedRoleId !== null ? actor.roleId === query.raisedRoleId : actor.userId === query.raisedBy;
  return actor.userId === query.raisedBy;
}

/**
 * Whether a user may answer, close or cancel a query (spec 002 §6): "answerQuery and an open query exists,
 * or query and an answered query exists, or handleAllQuery and any open or answered query exists".
 * - answer: an OPEN query, with answerQuery (or handleAllQuery);
 * - close: an ANSWERED query with `query`, or an OPEN or ANSWERED one with handleAllQuery;
 * - cancel: the raiser withdraws their query while it is OPEN or ANSWERED (keeping `query`), or any
 *   holder of handleAllQuery does.
 * With `sameRoleCancelClose`, "the raiser" is the raising role, and closing is kept to it too.
 */
export function queryRefusal(action: QueryUserAction, actor: QueryActor, query: QueryFacts, options: QueryOptions): QueryRefusal | null {
  if (queryTransition(action, query.status) === null) return 'query.wrong_status';
  const { rights } = actor;
  switch (action) {
    case 'answer':
      return rights.answer || rights.handleAll ? null : 'query.forbidden';
    case 'close':
      if (rights.handleAll) return null;
      if (!rights.raise || query.status !== 'ANSWERED') return 'query.forbidden';
      return !options.sameRoleCancelClose || owns(actor, query, options) ? null : 'query.not_owner';
    case 'cancel':
      if (rights.handleAll) return null;
      if (!rights.raise) return 'query.forbidden';
      return owns(actor, query, options) ? null : 'query.not_owner';
  }
}

export const mayActOnQuery = (action: QueryUserAction, actor: QueryActor, query: QueryFacts, options: QueryOptions): boolean =>
  queryRefusal(action, actor, query, options) === null;

/** The actions a user may take on a query, for the thread dialog's buttons. */
export function queryAbilities(actor: QueryActor, query: QueryFacts, options: QueryOptions): QueryUserAction[] {
  return QUERY_USER_ACTIONS.filter((action) => mayActOnQuery(action, actor, query, options));
}

/** Whether a user may raise a query on a field (spec 002 §4 "Query is disabled when the status is Locked"). */
export function raiseRefusal(rights: QueryRights, fieldStatus: FieldStatus): 'query.forbidden' | 'query.field_locked' | null {
  if (!rights.raise && !rights.handleAll) return 'query.forbidden';
  if (fieldStatus === 'LOCKED') return 'query.field_locked';
  return null;
}

/**
 * Whether the field's query icon offers actions (spec 002 §6): answerQuery with an open query, `query` with
 * an answered one, handleAllQuery with either.
 */
export function mayHandleFieldQueries(rights: QueryRights, statuses: readonly QueryStatus[]): boolean {
  return statuses.some(
    (status) => (status === 'OPEN' && (rights.answer || rights.handleAll)) || (status === 'ANSWERED' && (rights.raise || rights.handleAll)),
  );
}
