import { Outlet } from 'react-router';
import { AppFooter } from '../shell/AppFooter';
import { LanguageSwitch } from '../shell/LanguageSwitch';

/** The sign-in pages: no menu, a language choice, and the footer without session details. */
export function UserLayout() {
  return (
    <div className="dcap-user-layout">
      <div className="dcap-user-layout__top">
        <LanguageSwitch />
      </div>
      <div className="dcap-user-layout__body">
        <Outlet />
      </div>
      <footer style={{ padding: '24px 16px' }}>
        <AppFooter />
      </footer>
    </div>
  );
}
