import { STATUS_CHANGE_TYPES } from './lifecycle.js';

/**
 * Pre-screening suspension (spec 000 §4.2 "apply pre-screen suspend") goes through the status-change
 * applications, decided by a platform administrator who is not the applicant; approval sets the project's
 * `preScreenSuspend` flag and moves no status (docs/decisions.md, "Project calls").
 */
export const PRE_SCREEN_SUSPEND = 'APPLY_PRE_SCREEN_SUSPEND' as const;
/** Every application type: the status changes of spec 000 §4.2 and the pre-screening suspension. */
export const APPLICATION_TYPES = [...STATUS_CHANGE_TYPES, PRE_SCREEN_SUSPEND] as const;
export type ApplicationType = (typeof APPLICATION_TYPES)[number];
