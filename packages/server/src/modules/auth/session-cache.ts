import type { SysRoleRights } from '@dcap/core';
import type { DatabaseHandle } from '../../db/database.js';
import type { OpenSession } from './sessions-repo.js';

/** The channel the database announces session and user changes on (migration 0003). */
export const SESSION_CHANNEL = 'dcap_session';

/** The announcement that the system roles' permissions changed (modules/sysconfig). */
export const SYS_ROLE_RIGHTS_PAYLOAD = 'rights';

export const SESSION_CACHE_TTL_MS = 30_000;
export const SESSION_CACHE_MAX_ENTRIES = 10_000;
const TTL_MS = SESSION_CACHE_TTL_MS;
const MAX_ENTRIES = SESSION_CACHE_MAX_ENTRIES;
const RECONNECT_MS = 5_000;

/**
 * Open sessions recently looked up, keyed by token hash, so an authenticated call does not need its own
 * round trip to the database. It is safe across several server instances only because the database
 * announces every change to a session or user (triggers, NOTIFY) and each instance evicts on the
 * announcement; while that subscription is down the cache is off and every call reads the database.
 * The instance that makes a change also evicts at once, so its own next request never sees the old state.
 *
 * A lookup that was reading the database while a change committed may hold the session as it was: its
 * `ticket` (taken before the read) no longer matches once anything has been evicted since, and `set` then
 * leaves the stale copy out. Without it, a request that read the session just before another request moved
 * it to a project put the old project back in the cache, for every later call to act in.
 */
export class SessionCache {
  private readonly entries = new Map<string, { session: OpenSession; cachedAt: number }>();
  /**
   * The stored role permissions of the system roles (docs/decisions.md "Role permissions of system roles"),
   * which every authenticated call resolves its platform rights from. Same rules as the sessions: evicted on
   * the announcement `rights` (sent when they are saved) or any clear, and off while the subscription is down.
   */
  private sysRoleRights: { rights: SysRoleRights; cachedAt: number } | null = null;
  private live = false;
  /** Counts evictions: a read started before one may be older than what the database now holds. */
  private evictions = 0;

  get isLive(): boolean {
    return this.live;
  }

  /** Sessions remembered now (platform administration's cache view, /sys/cache). */
  get size(): number {
    return this.entries.size;
  }

  setLive(live: boolean): void {
    this.live = live;
    if (!live) this.clear();
  }

  /** Taken before a session is read from the database, and handed to `set` with what was read. */
  ticket(): number {
    return this.evictions;
  }

  get(tokenHash: string, now: Date): OpenSession | undefined {
    const entry = this.entries.get(tokenHash);
    if (!entry) return undefined;
    if (now.getTime() - entry.cachedAt > TTL_MS) {
      this.entries.delete(tokenHash);
      return undefined;
    }
    return entry.session;
  }

  set(tokenHash: string, session: OpenSession, now: Date, ticket: number): void {
    if (!this.live || ticket !== this.evictions) return;
    if (this.entries.size >= MAX_ENTRIES) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    this.entries.set(tokenHash, { session, cachedAt: now.getTime() });
  }

  getSysRoleRights(now: Date): SysRoleRights | undefined {
    if (!this.sysRoleRights) return undefined;
    if (now.getTime() - this.sysRoleRights.cachedAt > TTL_MS) {
      this.sysRoleRights = null;
      return undefined;
    }
    return this.sysRoleRights.rights;
  }

  setSysRoleRights(rights: SysRoleRights, now: Date, ticket: number): void {
    if (!this.live || ticket !== this.evictions) return;
    this.sysRoleRights = { rights, cachedAt: now.getTime() };
  }

  forgetSysRoleRights(): void {
    this.evictions += 1;
    this.sysRoleRights = null;
  }

  /** Records this instance's own touch of last_seen_at. */
  touched(tokenHash: string, at: Date): void {
    const entry = this.entries.get(tokenHash);
    if (entry) entry.session = { ...entry.session, last_seen_at: at };
  }

  forget(tokenHash: string): void {
    this.evictions += 1;
    this.entries.delete(tokenHash);
  }

  forgetSession(sessionId: number): void {
    this.evictions += 1;
    for (const [key, entry] of this.entries) if (entry.session.id === sessionId) this.entries.delete(key);
  }

  forgetUser(userId: number): void {
    this.evictions += 1;
    for (const [key, entry] of this.entries) if (entry.session.user.id === userId) this.entries.delete(key);
  }

  /** Forgets every session; the next call of each reads the database again. Returns how many were held. */
  clear(): number {
    const held = this.entries.size;
    this.evictions += 1;
    this.entries.clear();
    this.sysRoleRights = null;
    return held;
  }

  /** Applies an announcement: `session:<id>`, `user:<id>`, `rights`, or anything else clears everything. */
  apply(payload: string): void {
    const [kind, raw] = payload.split(':');
    const id = Number(raw);
    if (payload === SYS_ROLE_RIGHTS_PAYLOAD) this.forgetSysRoleRights();
    else if (kind === 'session' && Number.isInteger(id)) this.forgetSession(id);
    else if (kind === 'user' && Number.isInteger(id)) this.forgetUser(id);
    else this.clear();
  }
}

/**
 * Keeps the cache subscribed to the database's announcements, turning it off while the subscription is
 * down and retrying until stopped. Returns the function that stops it.
 */
export async function subscribeSessionCache(
  database: DatabaseHandle,
  cache: SessionCache,
  warn: (message: string) => void,
): Promise<() => Promise<void>> {
  let stopped = false;
  let unsubscribe: (() => Promise<void>) | null = null;
  let retry: NodeJS.Timeout | null = null;

  const connect = async (): Promise<void> => {
    try {
      unsubscribe = await database.listen(SESSION_CHANNEL, (payload) => cache.apply(payload), (error) => {
        cache.setLive(false);
        warn(`session notifications lost (${error.message}); authenticating from the database until they return`);
        schedule();
      });
      if (stopped) await unsubscribe();
      else cache.setLive(true);
    } catch (error) {
      cache.setLive(false);
      warn(`session notifications unavailable (${error instanceof Error ? error.message : String(error)})`);
      schedule();
    }
  };
  const schedule = () => {
    if (stopped || retry) return;
    retry = setTimeout(() => {
      retry = null;
      void connect();
    }, RECONNECT_MS);
    retry.unref();
  };

  await connect();
  return async () => {
    stopped = true;
    cache.setLive(false);
    if (retry) clearTimeout(retry);
    if (unsubscribe) await unsubscribe();
  };
}
