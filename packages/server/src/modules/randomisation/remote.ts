import type { ComparedFactor } from '@dcap/core';

/**
 * An external randomisation service (project flag remoteRandomization, spec 002 §1, §8; docs/decisions.md
 * "Randomisation, blinding and supply"). The platform sends the subject, its site as the service knows it
 * and its stratification factors, and records the arm and random number the service answers. Calls are
 * idempotent per subject: asking again for a subject the service has already randomised answers the same
 * allocation, so a local failure after the service answered is put right by trying again.
 */
export interface RemoteRandomisationRequest {
  /** The project's id at the service (project field erandProjectId), or its code when none is set. */
  study: string;
  /** The site's code at the service (the site mapping screen). */
  site: string;
  subject: string;
  factors: { code: string; option: string }[];
}

export interface RemoteAllocation {
  arm: string;
  randomNo: string;
  /** The service's own reference of the allocation. */
  ref: string;
}

/** Why a remote call failed, as the spec's four messages distinguish them. */
export type RemoteFailure = 'failed' | 'siteMapping' | 'siteUnmapped' | 'strataConfig';

export class RemoteRandomisationError extends Error {
  constructor(
    readonly failure: RemoteFailure,
    detail: string,
  ) {
    super(detail);
    this.name = 'RemoteRandomisationError';
  }
}

export interface RemoteRandomisation {
  randomise(request: RemoteRandomisationRequest): Promise<RemoteAllocation>;
  /** The service's stratification factors of a study, in its order, to compare with the scheme's. */
  factors(study: string): Promise<ComparedFactor[]>;
  /** The site codes the service knows for a study. */
  sites(study: string): Promise<string[]>;
}

/**
 * The study's name at the service. The project field erandProjectId of spec 000 §3 is not stored yet, so the
 * service knows the study by the project's code.
 */
export function remoteStudyOf(project: { code: string }): string {
  return project.code;
}
