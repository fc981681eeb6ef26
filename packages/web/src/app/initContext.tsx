import { createContext, useContext } from 'react';
import type { AppInit } from '../api/system';

/** The initialisation result of the signed-in session, provided by the main layout once it has loaded. */
export const InitContext = createContext<AppInit | null>(null);

export function useAppInit(): AppInit {
  const init = useContext(InitContext);
  if (!init) throw new Error('useAppInit must be used inside the main layout');
  return init;
}
