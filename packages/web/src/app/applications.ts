import { ANALYTICS_CHARTS_PATH, BIGSCREEN_PATH, isPlatformAdmin } from '@dcap/core';
import type { ApplicationName, PlatformActor } from '@dcap/core';

/**
 * Spec 000 §5: a user who is not a platform administrator and has no roles is refused when opening an
 * application; §6 exempts platform administrators from the role requirement.
 */
export function mayOpenApplication(user: PlatformActor, roleCount: number): boolean {
  return isPlatformAdmin(user) || roleCount > 0;
}

/** Spec 000 §2.1: names beside the logos only when fewer than 5 applications are enabled. */
export function showApplicationNames(count: number): boolean {
  return count < 5;
}

/**
 * Where each application lands (spec 000 §2.4 "Default landing paths: data capture … /survey/schedule"):
 * data capture opens on the subject list; the dashboard stays at /project/DataDisplay. Balance is mounted
 * under /balance, iMask under /imask and iSupply under /isupply (spec 000 §1), each on its own landing;
 * Analytics lands on its charts and Bigscreen on the current study's wall display (docs/decisions.md
 * "Analytics screens", "Bigscreen").
 */
export const APPLICATION_LANDINGS: Record<ApplicationName, string | null> = {
  dCap: '/survey/schedule',
  Balance: '/balance/survey/schedule',
  Bigscreen: BIGSCREEN_PATH,
  iMask: '/imask/blindManage/blindRandomTableTest',
  iSupply: '/isupply/drugManage/drugList',
  Analytics: ANALYTICS_CHARTS_PATH,
};
