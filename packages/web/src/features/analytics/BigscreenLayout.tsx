import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation } from 'react-router';
import { menuPaths } from '@dcap/core';
import { useInitQuery } from '../../api/system';
import { decideAccess } from '../../app/guard';
import { InitContext } from '../../app/initContext';
import { useSessionToken } from '../../app/services';
import { PageSpin } from '../../components/PageSpin';
import './bigscreen.css';

/**
 * The frame of the big screens (docs/decisions.md "Bigscreen"): outside the main layout, so no header, menus
 * or footer take room from the wall. It reads the session's initialisation like the main layout and opens a
 * wall only when the granted menus lead to it, as the main layout's access gate does.
 */
export function BigscreenLayout() {
  const { t } = useTranslation();
  const token = useSessionToken();
  const init = useInitQuery(token !== null);
  const { pathname } = useLocation();
  const granted = useMemo(() => (init.data ? menuPaths([...init.data.menus]) : []), [init.data]);
  if (init.isError) {
    return (
      <div className="dcap-wall">
        <div className="dcap-wall__center">{t('init.failed')}</div>
      </div>
    );
  }
  if (!init.data) return <PageSpin />;
  if (decideAccess(pathname, granted) !== 'allowed') {
    return (
      <div className="dcap-wall" data-testid="bigscreen-forbidden">
        <div className="dcap-wall__center">{t('bigscreen.forbidden')}</div>
      </div>
    );
  }
  return (
    <InitContext value={init.data}>
      <Outlet />
    </InitContext>
  );
}
