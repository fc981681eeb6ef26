import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { STORAGE_PREFIX } from '@dcap/core';
import { useServices } from './services';

/**
 * Spec 000 §4.4: a window that regains focus after another window switched project warns and reloads.
 * Every window writes its project here; each remembers its own in memory.
 */
export const WINDOW_PROJECT_KEY = `${STORAGE_PREFIX}WINDOW_PROJECT_ID`;
/** Spec 000 §4.4: the check runs at most once per 3 seconds. */
export const PROJECT_CHECK_INTERVAL_MS = 3_000;

export interface WindowProjectCheck {
  /** This window now works in `projectId` (null: no project); other windows will notice. */
  remember(projectId: number | null): void;
  /** Whether another window switched project since; false while throttled. */
  switchedElsewhere(): boolean;
}

export function createWindowProjectCheck(storage: Storage, now: () => number = Date.now): WindowProjectCheck {
  let own: string | null = null;
  let lastCheck = Number.NEGATIVE_INFINITY;
  return {
    remember(projectId) {
      own = projectId === null ? '' : String(projectId);
      storage.setItem(WINDOW_PROJECT_KEY, own);
    },
    switchedElsewhere() {
      const at = now();
      if (at - lastCheck < PROJECT_CHECK_INTERVAL_MS) return false;
      lastCheck = at;
      if (own === null) return false;
      const stored = storage.getItem(WINDOW_PROJECT_KEY);
      return stored !== null && stored !== own;
    },
  };
}

/**
 * Wires the check to window focus; OK on the warning reloads the page, which loads the new project.
 * `projectId` is undefined until the initialisation has loaded, so a window still loading writes nothing.
 */
export function useWindowProjectCheck(projectId: number | null | undefined): void {
  const { t } = useTranslation();
  const { storage, prompts, reload } = useServices();
  const check = useRef<WindowProjectCheck | null>(null);
  check.current ??= createWindowProjectCheck(storage);

  useEffect(() => {
    if (projectId !== undefined) check.current?.remember(projectId);
  }, [projectId]);

  useEffect(() => {
    const onFocus = () => {
      if (prompts.isOpen() || !check.current?.switchedElsewhere()) return;
      prompts.show({
        kind: 'warning',
        title: t('shell.windowSwitched.title'),
        content: t('shell.windowSwitched.content'),
        okText: t('shell.windowSwitched.reload'),
        testId: 'window-switched-reload',
        onOk: reload,
      });
    };
    window.addEventListener('focus', onFocus);
    return () => window.removeEventListener('focus', onFocus);
  }, [prompts, reload, t]);
}
