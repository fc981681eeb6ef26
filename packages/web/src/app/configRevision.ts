import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { configRevisionSchema } from '@dcap/core';
import type { ConfigRevision } from '@dcap/core';
import { useServices } from './services';
import { PROJECT_CHECK_INTERVAL_MS } from './windowProject';

export interface ConfigRevisionCheck {
  /** Takes the current revision as this window's own: at load, and after each of its own writes. */
  rebase(): Promise<void>;
  /** Whether the configuration changed since the window's own revision; false while throttled. */
  changed(): Promise<boolean>;
}

/**
 * Spec 000 §4.4: "When the project configuration has been updated in a dev or sde environment, an error
 * dialog announces a refresh for data safety, with a refresh button." The window remembers the revision it
 * loaded with (docs/decisions.md, "Windows and environments") and compares on focus, at most once per 3
 * seconds like the project check. Its own writes move its revision along, so only changes made elsewhere
 * (another window, another user) count. A revision of another project or environment is not compared: the
 * project and environment checks handle those.
 */
export function createConfigRevisionCheck(read: () => Promise<ConfigRevision>, now: () => number = Date.now): ConfigRevisionCheck {
  let own: ConfigRevision | null = null;
  let pending: Promise<void> = Promise.resolve();
  let lastCheck = Number.NEGATIVE_INFINITY;
  return {
    rebase() {
      pending = pending
        .then(read)
        .then((revision) => {
          own = revision;
        })
        .catch(() => undefined);
      return pending;
    },
    async changed() {
      const at = now();
      if (at - lastCheck < PROJECT_CHECK_INTERVAL_MS) return false;
      lastCheck = at;
      await pending;
      const base = own;
      if (base?.revision == null) return false;
      let current: ConfigRevision;
      try {
        current = await read();
      } catch {
        return false;
      }
      if (current.projectId !== base.projectId || current.env !== base.env) return false;
      return current.revision !== null && current.revision !== base.revision;
    },
  };
}

/**
 * Wires the check to window focus. The call runs on every focus (throttled), so the environment marker of
 * its answer also tells a window at once that another one switched environment (spec 000 §4.4); the
 * configuration dialog itself is shown only in a development environment (dev, sde).
 */
export function useConfigRevisionCheck(projectId: number | null | undefined, env: string | null, devEnvironment: boolean): void {
  const { t } = useTranslation();
  const { api, prompts, reload } = useServices();
  const queryClient = useQueryClient();

  useEffect(() => {
    if (projectId === undefined || projectId === null) return;
    let active = true;
    const check = createConfigRevisionCheck(() => api.request('/projectEnv/configRevision', { silent: true, schema: configRevisionSchema }));
    void check.rebase();
    const unsubscribe = queryClient.getMutationCache().subscribe((event) => {
      if (event.type === 'updated' && event.action.type === 'success') void check.rebase();
    });
    const onFocus = () => {
      void check.changed().then((changed) => {
        if (!active || !changed || !devEnvironment) return;
        prompts.show({
          kind: 'error',
          title: t('consistency.configUpdated.title'),
          content: t('consistency.configUpdated.content'),
          okText: t('consistency.configUpdated.refresh'),
          testId: 'config-updated-refresh',
          onOk: reload,
        });
      });
    };
    window.addEventListener('focus', onFocus);
    return () => {
      active = false;
      unsubscribe();
      window.removeEventListener('focus', onFocus);
    };
  }, [api, prompts, reload, queryClient, t, projectId, env, devEnvironment]);
}
