import type { Executor } from '../audit/repo.js';
import * as repo from './repo.js';

/** What other modules read of visit reminders (docs/decisions.md "Visit reminders"). */

/** Reminders sent to subjects per visit, with the time of the last one (the visit task list shows them). */
export function subjectRemindersOf(db: Executor, eventInstanceIds: readonly number[]): Promise<Map<number, { count: number; last: Date }>> {
  return repo.sentSubjectReminders(db, eventInstanceIds);
}
