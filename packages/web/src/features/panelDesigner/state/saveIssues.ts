import { walkWidgets } from '@dcap/core';
import type { Panel, PanelIssue } from '@dcap/core';
import { isApiError } from '../../../api/errors';

/** The widget whose JSON path is the longest prefix of the issue's path, so a complaint lands on its widget. */
function widgetKeyAt(panel: Panel, path: string): string | null {
  let best: { key: string; length: number } | null = null;
  for (const { widget, path: widgetPath } of walkWidgets(panel.list)) {
    if ((path === widgetPath || path.startsWith(`${widgetPath}.`)) && (best === null || widgetPath.length > best.length)) {
      best = { key: widget.key, length: widgetPath.length };
    }
  }
  return best?.key ?? null;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

/** One entry of `data.issues` or of the envelope's field errors, as a panel issue placed on its widget. */
function issueOf(panel: Panel, value: unknown, code: string): PanelIssue | null {
  if (!isRecord(value) || typeof value.path !== 'string' || typeof value.message !== 'string') return null;
  const widgetKey = typeof value.widgetKey === 'string' ? value.widgetKey : widgetKeyAt(panel, value.path);
  return {
    widgetKey,
    path: value.path,
    code: typeof value.code === 'string' ? value.code : code,
    message: value.message,
    messageEn: typeof value.messageEn === 'string' ? value.messageEn : value.message,
  };
}

/**
 * A refused save (422) as panel issues on their widgets: the server lists them in `data.issues` (read when
 * the client error keeps the envelope's data), otherwise as field errors with the same paths.
 */
export function issuesFromSaveError(panel: Panel, error: unknown): PanelIssue[] {
  if (!isApiError(error) || error.code !== 422) return [];
  const data: unknown = 'data' in error ? (error as { data?: unknown }).data : undefined;
  const listed: unknown[] = isRecord(data) && Array.isArray(data.issues) ? data.issues : error.errors;
  const code = error.errorCode ?? 'design.panel_invalid';
  return listed.map((item) => issueOf(panel, item, code)).filter((issue): issue is PanelIssue => issue !== null);
}
