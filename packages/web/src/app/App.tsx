import { RouterProvider } from 'react-router';
import { AppProviders } from './AppProviders';
import type { AppInstance } from './bootstrap';

export function App({ app }: { app: AppInstance }) {
  return (
    <AppProviders app={app}>
      <RouterProvider router={app.router} />
    </AppProviders>
  );
}
