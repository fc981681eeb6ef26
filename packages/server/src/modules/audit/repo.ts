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
 * Appends rows in one statement, in the given order, as one JSON parameter (a hundred rows of thirteen
 * columns would otherwise be 1,300 parameters to build, bind and parse). The chain trigger is a BEFORE ROW
 * trigger: PostgreSQL fires it for each row as the INSERT reads it, here in `ORDER BY ord` (the rows'
 * positions in the array), and a row's trigger sees the rows the same statement inserted before it, so ids,
 * the chain's order and each prev_hash come out exactly as with one insert per row (docs/decisions.md,
 * "Panel entry"). JSON values travel as their text and are cast back, so a NULL stays a NULL.
 */
export async function insertAuditRows(db: Executor, entries: readonly AuditEntry[]): Promise<void> {
  if (entries.length === 0) return;
  const rows = JSON.stringify(entries.map(auditValues));
  await sql`
    INSERT INTO audit_log (actor_id, actor_username, actor_role, action, entity_type, entity_id, project_id, env, site_id, old_value, new_value, reason, ip)
    SELECT r.actor_id, r.actor_username, r.actor_role, r.action, r.entity_type, r.entity_id, r.project_id, r.env, r.site_id, r.old_value::jsonb, r.new_value::jsonb, r.reason, r.ip
    FROM ROWS FROM (jsonb_to_recordset(${rows}::jsonb) AS (
      actor_id integer, actor_username text, actor_role text, action text, entity_type text, entity_id text, project_id integer,
      env text, site_id integer, old_value text, new_value text, reason text, ip text
    )) WITH ORDINALITY AS r(actor_id, actor_username, actor_role, action, entity_type, entity_id, project_id, env, site_id, old_value, new_value, reason, ip, ord)
    ORDER BY r.ord`.execute(db);
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
