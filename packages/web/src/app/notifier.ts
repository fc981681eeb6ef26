import { notification } from 'antd';
import type { App } from 'antd';
import type { Notifier } from '../api/notifier';

type NotificationApi = ReturnType<typeof App.useApp>['notification'];

/**
 * The API client lives outside React but its notices should use the themed, localised antd instance that
 * only exists inside `<App>`. The bridge component attaches that instance here once it is mounted; until
 * then antd's static API is used.
 */
export interface NotifierHolder {
  notifier: Notifier;
  attach(instance: NotificationApi): () => void;
}

const PRESERVE_LINES = { whiteSpace: 'pre-line' } as const;

export function createNotifierHolder(): NotifierHolder {
  let target: NotificationApi | null = null;
  return {
    notifier: {
      notify(kind, notice) {
        const api = target ?? notification;
        api[kind]({
          title: notice.title,
          description: notice.description,
          ...(notice.key === undefined ? {} : { key: notice.key }),
          // Spec 000 §8.1: errors stay until closed; antd spells "never close" as false.
          ...(notice.duration === undefined ? {} : { duration: notice.duration === 0 ? false : notice.duration }),
          styles: { title: PRESERVE_LINES, description: PRESERVE_LINES },
          props: { 'data-testid': `notice-${kind}` },
        });
      },
    },
    attach(instance) {
      target = instance;
      return () => {
        if (target === instance) target = null;
      };
    },
  };
}
