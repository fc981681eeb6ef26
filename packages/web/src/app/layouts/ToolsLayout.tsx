import { useEffect } from 'react';
import { Outlet } from 'react-router';
import { useInitQuery } from '../../api/system';
import { PageSpin } from '../../components/PageSpin';
import { InitContext } from '../initContext';
import { useSessionToken } from '../services';
import { AppFooter } from '../shell/AppFooter';
import { LanguageSwitch } from '../shell/LanguageSwitch';

/** How often a notice page asks whether the role or an environment is usable again. */
export const BLOCK_RECHECK_MS = 15_000;

/**
 * The notice pages of spec 000 §4.4 (`/tools/EnvDisabled`, `/tools/RoleDisabled`), outside the main
 * layout. They re-read the initialisation on focus and now and then, so that a role enabled again or an
 * environment normal again sends the user on without a manual refresh.
 */
export function ToolsLayout() {
  const token = useSessionToken();
  const init = useInitQuery(token !== null);
  const { refetch } = init;

  useEffect(() => {
    const recheck = () => void refetch();
    const timer = setInterval(recheck, BLOCK_RECHECK_MS);
    window.addEventListener('focus', recheck);
    return () => {
      clearInterval(timer);
      window.removeEventListener('focus', recheck);
    };
  }, [refetch]);

  if (!init.data) return <PageSpin />;
  return (
    <InitContext value={init.data}>
      <div className="dcap-user-layout">
        <div className="dcap-user-layout__top">
          <LanguageSwitch />
        </div>
        <div className="dcap-user-layout__body">
          <Outlet />
        </div>
        <footer style={{ padding: '24px 16px' }}>
          <AppFooter version={init.data.version} filingNumber={init.data.branding.filingNumber} />
        </footer>
      </div>
    </InitContext>
  );
}
