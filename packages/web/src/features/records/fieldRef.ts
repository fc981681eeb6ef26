import type { FieldStatus, InactiveType } from '@dcap/core';

/**
 * One field of a panel instance as the panel entry page hands it to the per-field settings menu items of
 * workflow (`features/workflow/fieldWorkflowItems.tsx`) and queries (`features/queries/fieldQueryItems.tsx`).
 * `path` is the field's path inside the panel instance (core records/paths.ts: `MODEL` or `TABLE#r3.COL`);
 * `panelVersion` is the panel instance's version the page shows, for writes that check it.
 */
export interface FieldRef {
  panelInstanceId: number;
  subjectId: number;
  path: string;
  label: string;
  status: FieldStatus;
  frozen: boolean;
  inactiveType: InactiveType | null;
  openQueries: number;
  hasFormula: boolean;
  widgetType: string;
  panelVersion: number;
}
