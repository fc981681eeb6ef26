/**
 * Project statuses of spec 000 §4.1: nine in the normal flow, four extra (paused or locked) states.
 * Wire names are the spec's.
 */
export const FLOW_STATUSES = [
  'PROJECT_STATUS_SET_UP',
  'CONFIG',
  'INTERNAL_TEST',
  'TEST',
  'ON_RESEARCH',
  'FIX',
  'DATABASE_FREEZED',
  'DOC_DELIVERY',
  'OFFLINE',
] as const;
export const EXTRA_STATUSES = ['LOCKED', 'FREEZED_ON_TEST', 'RECORD_FREEZED', 'FREEZED_ON_RESEARCH'] as const;
export const PROJECT_STATUSES = [...FLOW_STATUSES, ...EXTRA_STATUSES] as const;

export type FlowStatus = (typeof FLOW_STATUSES)[number];
export type ProjectStatus = (typeof PROJECT_STATUSES)[number];

/** Spec 000 §4.1: "the first five statuses of the shell list (set-up, config, internal test, test, frozen-on-test) count as test projects". */
export const TEST_STATUSES: readonly ProjectStatus[] = ['PROJECT_STATUS_SET_UP', 'CONFIG', 'INTERNAL_TEST', 'TEST', 'FREEZED_ON_TEST'];

/**
 * The nine-step progress index (spec 000 §4.1): a flow status is its own step; frozen-on-test shows the
 * test step; recruitment paused and running paused show the in-research step; locked shows the step of
 * the status it was locked from.
 */
export function progressStep(status: ProjectStatus, prevStatus: ProjectStatus | null): number {
  switch (status) {
    case 'FREEZED_ON_TEST':
      return FLOW_STATUSES.indexOf('TEST');
    case 'RECORD_FREEZED':
    case 'FREEZED_ON_RESEARCH':
      return FLOW_STATUSES.indexOf('ON_RESEARCH');
    case 'LOCKED':
      return prevStatus && prevStatus !== 'LOCKED' ? progressStep(prevStatus, null) : FLOW_STATUSES.indexOf('ON_RESEARCH');
    case 'PROJECT_STATUS_SET_UP':
    case 'CONFIG':
    case 'INTERNAL_TEST':
    case 'TEST':
    case 'ON_RESEARCH':
    case 'FIX':
    case 'DATABASE_FREEZED':
    case 'DOC_DELIVERY':
    case 'OFFLINE':
      return FLOW_STATUSES.indexOf(status);
  }
}

export type HeaderNotice = 'pausedOnTest' | 'recruitmentPaused' | 'projectLocked' | 'runPaused';

const HEADER_NOTICES: Partial<Record<ProjectStatus, HeaderNotice>> = {
  FREEZED_ON_TEST: 'pausedOnTest',
  RECORD_FREEZED: 'recruitmentPaused',
  LOCKED: 'projectLocked',
  FREEZED_ON_RESEARCH: 'runPaused',
};

/** Spec 000 §4.1 header notices: paused on test, recruitment paused, project locked, run paused. */
export function headerNotice(status: ProjectStatus): HeaderNotice | null {
  return HEADER_NOTICES[status] ?? null;
}

/** The workplace filters of spec 000 §9 and which statuses each shows; offline only when asked for. */
export const PROJECT_LIST_FILTERS = ['mine', 'all', 'testing', 'running', 'suspended', 'databaseLocked', 'docDelivery', 'offline'] as const;
export type ProjectListFilter = (typeof PROJECT_LIST_FILTERS)[number];

export function statusesForFilter(filter: ProjectListFilter): readonly ProjectStatus[] {
  switch (filter) {
    case 'mine':
    case 'all':
      return PROJECT_STATUSES.filter((s) => s !== 'OFFLINE');
    case 'testing':
      return TEST_STATUSES;
    case 'running':
      return ['ON_RESEARCH', 'FIX'];
    case 'suspended':
      return ['RECORD_FREEZED', 'FREEZED_ON_RESEARCH', 'FREEZED_ON_TEST'];
    case 'databaseLocked':
      return ['DATABASE_FREEZED', 'LOCKED'];
    case 'docDelivery':
      return ['DOC_DELIVERY'];
    case 'offline':
      return ['OFFLINE'];
  }
}
