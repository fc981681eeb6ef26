import { App } from 'antd';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCreateEnvMutation } from '../../api/environments';
import { useSelectEnvMutation, useStoreRoleMutation } from '../../api/session';
import { ensureDesignRole } from '../../app/designRole';
import { useAppInit } from '../../app/initContext';
import { readProjectContext } from '../../app/projectContext';
import { designEnvDecision, NEW_DEV_ENVIRONMENT } from './designEntry';

/** `noDevEnv`: the project has no usable development environment; `canCreate` says whether the user may add one. */
export type DesignAccess = 'checking' | 'ready' | 'refused' | 'noDevEnv';

export interface DesignEntry {
  access: DesignAccess;
  /** Whether the user may create the missing development environment (the env.manage right). */
  canCreateDevEnv: boolean;
  /** Creates the development environment through the environment service and moves the session into it. */
  createDevEnv: () => Promise<void>;
  creating: boolean;
}

/**
 * Opening a design screen: spec 000 §6, the session first switches to a role that may design, if it has
 * one; then spec 000 §4.3, it moves into the project's development environment, with a short notice, since
 * design is only edited there. `optional` screens (lists anyone in the project may read) stay open to a user
 * who may not design and only move the session when the user may.
 */
export function useDesignEntry(optional = false): DesignEntry {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const init = useAppInit();
  const { mutateAsync: switchRole } = useStoreRoleMutation();
  const { mutateAsync: selectEnv } = useSelectEnvMutation();
  const createEnv = useCreateEnvMutation();
  const [access, setAccess] = useState<DesignAccess>('checking');
  // One environment switch per visit: a failed or refused switch must not be retried on every refetch.
  const switched = useRef(false);
  const canCreateDevEnv = init.projectAbilities['env.manage'] === true;

  useEffect(() => {
    let live = true;
    const settle = (next: DesignAccess) => {
      if (live) setAccess(next);
    };
    const decide = async (): Promise<DesignAccess> => {
      const role = await ensureDesignRole(init, switchRole);
      if (role === 'refused') return optional ? 'ready' : 'refused';
      // The role switch refreshes the initialisation; the effect runs again with the new role's view.
      if (role === 'switched') return 'checking';
      const context = readProjectContext(init);
      const decision = designEnvDecision(context.envs, context.currentEnv, canCreateDevEnv);
      switch (decision.kind) {
        case 'ready':
          return 'ready';
        case 'missing':
          return 'noDevEnv';
        case 'switch':
          if (switched.current) return 'ready';
          switched.current = true;
          await selectEnv(decision.key);
          void message.info(t('designer.entry.switched'));
          return 'checking';
      }
    };
    decide().then(settle, () => settle(optional ? 'ready' : 'refused'));
    return () => {
      live = false;
    };
  }, [init, switchRole, selectEnv, canCreateDevEnv, optional, message, t]);

  const { mutateAsync: create } = createEnv;
  const createDevEnv = useCallback(async () => {
    const context = readProjectContext(init);
    if (!context.project) return;
    await create({ projectId: context.project.id, ...NEW_DEV_ENVIRONMENT });
    switched.current = false;
  }, [init, create]);

  return { access, canCreateDevEnv, createDevEnv, creating: createEnv.isPending };
}

/** The designer pages' view of the entry: checking, ready, refused or without a development environment. */
export function useDesignAccess(): DesignEntry {
  return useDesignEntry(false);
}
