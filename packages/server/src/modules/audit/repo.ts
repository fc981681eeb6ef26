import type { Kysely, Transaction } from 'kysely';
import { sql } from 'kysely';
import type { Database } from '../../db/schema.js';

export type Executor = Kysely<Database> | Transaction<Database>;

export interface AuditEntry {
  actorId: number | null;
  actorUsername: string | null;
  actorRole?: string | null;
  action: string;
  entityType: string;
  entityId: string | number | null;
  projectId?: number | null;
  env?: string | null;
  siteId?: number | null;
  oldValue?: unknown;
  newValue?: unknown;
  reason?: string | null;
  ip: string | null;
}

const toJson = (value: unknown): string | null => (value === undefined || value === null ? null : JSON.stringify(value));

function auditValues(entry: AuditEntry) {
  return {
    actor_id: entry.actorId,
    actor_username: entry.actorUsername,
    actor_role: entry.actorRole ?? null,
    action: entry.action,
    entity_type: entry.entityType,
    entity_id: entry.entityId === null ? null : String(entry.entityId),
    project_id: entry.projectId ?? null,
    env: entry.env ?? null,
    site_id: entry.siteId ?? null,
    old_value: toJson(entry.oldValue),
    new_value: toJson(entry.newValue),
    reason: entry.reason ?? null,
    ip: entry.ip,
  };
}

/** Appends one row; id, time, chain and hashes are set by the chain trigger (the chain is the project's, or 0). */
export async function insertAuditRow(db: Executor, entry: AuditEntry): Promise<void> {
  await db.insertInto('audit_log').values(auditValues(entry)).execute();
}

/**
 * Appends rows in one statement, in the given order. The chain trigger is a BEFORE ROW trigger: PostgreSQL
 * fires it for each row of a multi-row VALUES in list order, and a row's trigger sees the rows the same
 * statement inserted before it, so ids, the chain's order and each prev_hash come out exactly as with one
 * insert per row (docs/decisions.md, "Panel entry").
 */
export async function insertAuditRows(db: Executor, entries: readonly AuditEntry[]): Promise<void> {
  if (entries.length === 0) return;
  await db.insertInto('audit_log').values(entries.map(auditValues)).execute();
}

export interface ChainLink {
  id: number;
  chain: number;
  prevHash: string;
  hash: string;
  digest: string;
}

/** Reads every chain's rows in id order with each row's recomputed digest, a page at a time. */
export async function readChainPage(db: Executor, afterId: number, limit: number): Promise<ChainLink[]> {
  const rows = await db
    .selectFrom('audit_log as a')
    .select(['a.id', 'a.chain', 'a.prev_hash', 'a.hash', sql<string>`audit_row_digest(a)`.as('digest')])
    .where('a.id', '>', afterId)
    .orderBy('a.id')
    .limit(limit)
    .execute();
  return rows.map((row) => ({ id: row.id, chain: row.chain, prevHash: row.prev_hash, hash: row.hash, digest: row.digest }));
}
