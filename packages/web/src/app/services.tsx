import { createContext, useContext, useSyncExternalStore } from 'react';
import type { ReactNode } from 'react';
import type { ApiClient } from '../api/client';
import type { EnvMarkerWatch } from './envMarker';
import type { ReloadPrompts } from './prompts';
import type { SessionStore } from './session';

/** What pages need from the composition root; tests build the same object with a fake fetch. */
export interface AppServices {
  api: ApiClient;
  session: SessionStore;
  storage: Storage;
  /** Per-window storage (the browser's session storage): what one window holds that its twin must not share. */
  windowStorage: Storage;
  /** The window's environment marker (spec 000 §4.4). */
  marker: EnvMarkerWatch;
  /** The shell's reload dialogs, one at a time. */
  prompts: ReloadPrompts;
  /** Reloads the page (a stub in page tests). */
  reload: () => void;
}

const ServicesContext = createContext<AppServices | null>(null);

export function ServicesProvider({ services, children }: { services: AppServices; children: ReactNode }) {
  return <ServicesContext value={services}>{children}</ServicesContext>;
}

export function useServices(): AppServices {
  const services = useContext(ServicesContext);
  if (!services) throw new Error('useServices must be used inside ServicesProvider');
  return services;
}

export function useApi(): ApiClient {
  return useServices().api;
}

/** The current token; components re-render when the user signs in or out (here or in another tab). */
export function useSessionToken(): string | null {
  const { session } = useServices();
  return useSyncExternalStore(session.subscribe, session.getToken);
}
