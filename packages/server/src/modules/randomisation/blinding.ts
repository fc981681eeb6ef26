import type { BlindingState } from '@dcap/core';
import { armsVisible } from '@dcap/core';
import type { ProjectCaller } from '../../http/context.js';
import type { Executor } from '../audit/repo.js';
import * as repo from './repo.js';

/** What a response may show one caller in one environment (docs/decisions.md, "Randomisation, blinding and supply"). */
export interface Blinding {
  state: BlindingState;
  /** Whether this caller sees arms, block sizes and arm-revealing kit fields. */
  visible: boolean;
  /** The caller, for the one exception: who unblinded a subject in an emergency sees that subject's arm. */
  userId: number;
}

/** The blinding of the caller in an environment: the project's blind method and whether the study was unblinded there. */
export async function blindingOf(db: Executor, caller: ProjectCaller, envId: number): Promise<Blinding> {
  const state: BlindingState = { blindMethod: caller.project.project.blind_method, studyUnblinded: await repo.studyUnblinded(db, envId) };
  return { state, visible: armsVisible(caller.project.access, state), userId: caller.actor.userId };
}
