import type { SaveUserPreferencesRequest, UserPreferences } from '@dcap/core';
import { auditValues, changeSet, hasChanges, mergeUserPreferences } from '@dcap/core';
import type { ServiceDeps } from '../../deps.js';
import type { Actor, RequestMeta } from '../../http/context.js';
import { platformWrite } from '../../http/project-write.js';
import type { Executor } from '../audit/repo.js';
import * as repo from './repo.js';

const storedPreferences = (db: Executor, userId: number, lock: boolean) => repo.findPreferences(db, userId, lock);

function asPreferences(row: { font_size: string; notifications: unknown } | undefined): UserPreferences {
  return mergeUserPreferences(row ? { fontSize: row.font_size, notifications: row.notifications } : null);
}

/** Flattened for the audit row, so it names each changed setting (`email.visits`) with its old and new value. */
function auditedPreferences(preferences: UserPreferences): Record<string, unknown> {
  const flat: Record<string, unknown> = { fontSize: preferences.fontSize };
  for (const [channel, categories] of Object.entries(preferences.notifications)) {
    for (const [category, on] of Object.entries(categories)) flat[`${channel}.${category}`] = on;
  }
  return flat;
}

/** GET /dcap/sys/user/preferences: the caller's own preferences, the defaults where nothing was saved. */
export async function getPreferences(deps: ServiceDeps, actor: Actor): Promise<UserPreferences> {
  return asPreferences(await storedPreferences(deps.db, actor.userId, false));
}

/**
 * POST /dcap/sys/user/preferences: changes the caller's own preferences (never another user's: the body
 * names nobody). The row and its audit record commit together; a save changing nothing writes no audit row.
 */
export async function savePreferences(deps: ServiceDeps, actor: Actor, body: SaveUserPreferencesRequest, meta: RequestMeta): Promise<UserPreferences> {
  return platformWrite(deps, { actor, meta }, async (trx, audit) => {
    const stored = await storedPreferences(trx, actor.userId, true);
    const before = asPreferences(stored);
    const after = mergeUserPreferences(stored ? { fontSize: stored.font_size, notifications: stored.notifications } : null, body);
    const changes = changeSet(auditedPreferences(before), auditedPreferences(after));
    if (!hasChanges(changes)) return after;
    const values = { font_size: after.fontSize, notifications: JSON.stringify(after.notifications), updated_at: deps.clock.now() };
    await repo.savePreferences(trx, actor.userId, values);
    await audit({ action: 'user.preferences_update', entityType: 'user', entityId: actor.userId, ...auditValues(changes) });
    return after;
  });
}
