import type { PanelIssue } from '../panels/issues.js';
import type { Panel } from '../panels/schema.js';

/** Design-time checks of every formula and condition in a panel (replaced by the formula engine's checks). */
export function checkPanelFormulas(_panel: Panel): PanelIssue[] {
  return [];
}
