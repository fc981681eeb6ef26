import { useEffect, useState } from 'react';
import { useAppInit } from '../../app/initContext';
import { ensureDesignRole } from '../../app/designRole';
import { useStoreRoleMutation } from '../../api/session';

export type DesignAccess = 'checking' | 'ready' | 'refused';

/** Spec 000 §6: before the designer opens, the session switches to a role that may design, if it has one. */
export function useDesignAccess(): DesignAccess {
  const init = useAppInit();
  const switchRole = useStoreRoleMutation();
  const [access, setAccess] = useState<DesignAccess>('checking');
  const { mutateAsync } = switchRole;
  useEffect(() => {
    let live = true;
    ensureDesignRole(init, mutateAsync).then(
      (outcome) => {
        if (live) setAccess(outcome === 'refused' ? 'refused' : 'ready');
      },
      () => {
        if (live) setAccess('refused');
      },
    );
    return () => {
      live = false;
    };
  }, [init, mutateAsync]);
  return access;
}
