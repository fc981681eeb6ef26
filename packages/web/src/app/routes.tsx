import { Navigate } from 'react-router';
import type { RouteObject } from 'react-router';
import { ACCOUNT_SETTINGS_PATH, DASHBOARD_PATH, LOGIN_PATH, NOT_FOUND_PATH } from './guard';
import { MainLayout } from './layouts/MainLayout';
import { UserLayout } from './layouts/UserLayout';
import { RootLayout } from './RootLayout';
import { RouteErrorPage } from './RouteErrorPage';
import { PageSpin } from '../components/PageSpin';

/* Feature pages load as separate chunks; the progress bar shows while one is fetched. */
const loginPage = async () => ({ Component: (await import('../features/auth/LoginPage')).LoginPage });
const dashboardPage = async () => ({ Component: (await import('../features/dataDisplay/DataDisplayPage')).DataDisplayPage });
const accountSettingsPage = async () => ({
  Component: (await import('../features/account/AccountSettingsPage')).AccountSettingsPage,
});
const usersPage = async () => ({ Component: (await import('../features/users/UsersPage')).UsersPage });
const notFoundPage = async () => ({ Component: (await import('../features/notFound/NotFoundPage')).NotFoundPage });

/** The route table of spec 000 §2 implemented so far; page tests render this same table in a memory router. */
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RouteErrorPage />,
    hydrateFallbackElement: <PageSpin />,
    children: [
      {
        element: <UserLayout />,
        children: [
          { path: '/', lazy: loginPage },
          { path: LOGIN_PATH, lazy: loginPage },
          { path: NOT_FOUND_PATH, lazy: notFoundPage },
        ],
      },
      {
        element: <MainLayout />,
        children: [
          { path: DASHBOARD_PATH, lazy: dashboardPage },
          { path: ACCOUNT_SETTINGS_PATH, element: <Navigate to={`${ACCOUNT_SETTINGS_PATH}/base`} replace /> },
          { path: `${ACCOUNT_SETTINGS_PATH}/:tab`, lazy: accountSettingsPage },
          { path: '/sys/user', lazy: usersPage },
        ],
      },
      { path: '*', element: <Navigate to={NOT_FOUND_PATH} replace /> },
    ],
  },
];
