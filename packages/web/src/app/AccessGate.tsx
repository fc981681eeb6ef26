import { useMemo } from 'react';
import type { ReactNode } from 'react';
import { useLocation } from 'react-router';
import { menuPaths } from '@dcap/core';
import type { MenuItem } from '@dcap/core';
import { ForbiddenPage } from '../features/notFound/ForbiddenPage';
import { decideAccess } from './guard';

/** Shows the 403 notice instead of a page the granted menus do not lead to. */
export function AccessGate({ menus, children }: { menus: readonly MenuItem[]; children: ReactNode }) {
  const { pathname } = useLocation();
  const granted = useMemo(() => menuPaths([...menus]), [menus]);
  return decideAccess(pathname, granted) === 'allowed' ? children : <ForbiddenPage />;
}
