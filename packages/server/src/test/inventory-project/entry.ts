import type { Call, Fixture, PersonaName } from '../inventory.fixture.js';

/** How the permission matrix calls one route, and who it expects to be let through. */
export interface Entry {
  /** Who is let through; defaults to what the route declares. */
  allowed?: PersonaName[];
  /** Sent without a token whoever calls (signing out must not end the personas' sessions). */
  withoutToken?: boolean;
  call(f: Fixture): Promise<Call> | Call;
}

/** Every persona, the stranger from another project included: each asks in the project its session is in. */
export const MEMBERS_ANYWHERE: PersonaName[] = ['otherProject', 'otherSite', 'withoutRight', 'withRight', 'projectAdmin', 'platformAdmin'];

/** Puts the project and platform administrators' sessions in the matrix project, then makes the call. */
export async function enterManagers(f: Fixture, call: Call): Promise<Call> {
  for (const who of [f.personas.projectAdmin, f.personas.platformAdmin]) await f.study.t.call('GET', `/dcap/project/store/${f.projectId}`, { token: who.token });
  return call;
}
