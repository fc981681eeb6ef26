import { createContext, useContext, useSyncExternalStore } from 'react';
import type { ReactNode } from 'react';
import type { ApiClient } from '../api/client';
import type { SessionStore } from './session';

/** What pages need from the composition root; tests build the same object with a fake fetch. */
export interface AppServices {
  api: ApiClient;
  session: SessionStore;
  storage: Storage;
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
