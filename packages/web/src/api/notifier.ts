/** What the client needs from a notification system; the app adapts antd's notification to it. */
export type NoticeKind = 'success' | 'warning' | 'error';

export interface Notice {
  title: string;
  description?: string;
  /** Seconds; 0 keeps the notice until the user closes it. Undefined uses the library default. */
  duration?: number;
  /** Notices with the same key replace each other, so ten failing queries do not stack ten notices. */
  key?: string;
}

export interface Notifier {
  notify(kind: NoticeKind, notice: Notice): void;
}

/** Spec 000 §8.1: `<br/>` in server messages marks list items and is shown as a line break. */
export function breakLines(message: string): string {
  return message.replace(/<br\s*\/?>/gi, '\n');
}
