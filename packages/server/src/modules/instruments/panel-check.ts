import type { Panel, PanelIssue } from '@dcap/core';
import { describeValidationIssues, panelSchema, validatePanel } from '@dcap/core';
import { ErrorWithData } from '../../http/error-handler.js';

/**
 * A panel save refused for its content: 422 with every problem in `data.issues`, so the designer marks each
 * widget (spec 001 §5.4). Nothing was saved.
 */
export class PanelIssuesError extends ErrorWithData<{ issues: PanelIssue[] }> {
  constructor(readonly issues: PanelIssue[]) {
    super('design.panel_invalid', { count: issues.length }, { issues });
  }
}

/** The key of the innermost widget on a path into the raw panel, for an issue found by the shape check. */
function widgetKeyAt(raw: unknown, path: readonly PropertyKey[]): string | null {
  let node: unknown = raw;
  let key: string | null = null;
  for (const step of path) {
    if (typeof node !== 'object' || node === null) break;
    node = (node as Record<PropertyKey, unknown>)[step];
    const candidate = typeof node === 'object' && node !== null && 'options' in node ? (node as { key?: unknown }).key : undefined;
    if (typeof candidate === 'string') key = candidate;
  }
  return key;
}

/**
 * Checks a panel as the server receives it: its shape with core `panelSchema`, then every rule of
 * `validatePanel`. Issue paths are prefixed with `basePath` (an upload names the instrument in the file).
 */
export function checkPanel(raw: unknown, basePath = ''): { panel: Panel; issues: [] } | { panel: null; issues: PanelIssue[] } {
  const prefix = (path: string) => (basePath && path ? `${basePath}.${path}` : basePath || path);
  const parsed = panelSchema.safeParse(raw, { reportInput: true });
  if (!parsed.success) {
    const zh = describeValidationIssues(parsed.error.issues, 'zh-CN');
    const en = describeValidationIssues(parsed.error.issues, 'en-US');
    const issues = parsed.error.issues.flatMap((issue, index) => {
      const widgetKey = widgetKeyAt(raw, issue.path);
      const message = zh[index];
      const messageEn = en[index];
      return message && messageEn ? [{ widgetKey, path: prefix(message.path), code: `schema.${issue.code}`, message: message.message, messageEn: messageEn.message }] : [];
    });
    return { panel: null, issues };
  }
  const issues = validatePanel(parsed.data).map((issue) => ({ ...issue, path: prefix(issue.path) }));
  return issues.length > 0 ? { panel: null, issues } : { panel: parsed.data, issues: [] };
}

/** A panel that passes every check, or the refusal listing its problems. */
export function validPanel(raw: unknown): Panel {
  const checked = checkPanel(raw);
  if (!checked.panel) throw new PanelIssuesError(checked.issues);
  return checked.panel;
}
