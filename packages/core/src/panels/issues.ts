/**
 * A problem found in a panel at design time or on save: where it is, a stable code, and the message in
 * both languages, so the designer shows it on the right widget and the server returns it on the right path.
 */
export interface PanelIssue {
  /** The key of the widget the problem belongs to, or null for the panel as a whole. */
  widgetKey: string | null;
  /** A dotted path into the panel JSON, such as `list.3.options.expression`. */
  path: string;
  code: string;
  message: string;
  messageEn: string;
}
