import { PGlite } from '@electric-sql/pglite';
import Fastify from 'fastify';
import pg from 'pg';

/**
 * The floor of the data-entry benchmark: a bare Fastify route, with no sign-in, no rights, no form engine
 * and nothing else of the platform, doing the database work a panel save cannot avoid, in one
 * transaction: take the panel's next version (refusing a stale one), read the old values, write the new
 * values and one audit row per changed value. It runs on the platform's own database after the platform
 * has been measured, so it writes the same tables with the same indexes and the same audit-chain trigger
 * (docs/security.md), to the same panel instances.
 *
 * Settings: FLOOR_DATABASE_URL (PostgreSQL, a pool of 10 like the server's) or FLOOR_PGLITE_DIR (the
 * embedded database's PostgreSQL directory, opened once, as the server does); FLOOR_ACTOR_ID (a user id
 * for the audit rows), FLOOR_ENV (the environment key the audit rows carry).
 */
type Query = (text: string, params: unknown[]) => Promise<Record<string, unknown>[]>;
type InTransaction = <T>(work: (query: Query) => Promise<T>) => Promise<T>;

const port = Number(process.env.PORT ?? '0');
const host = process.env.HOST ?? '127.0.0.1';
const actorId = Number(process.env.FLOOR_ACTOR_ID ?? '1');
const env = process.env.FLOOR_ENV ?? 'uat';

/** PostgreSQL through `pg`, with named prepared statements as the server sends them (db/database.ts). */
function postgres(url: string): { inTransaction: InTransaction; close: () => Promise<void> } {
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  const names = new Map<string, string>();
  const inTransaction: InTransaction = async (work) => {
    const client = await pool.connect();
    const query: Query = async (text, params) => {
      let name = names.get(text);
      if (!name) {
        name = `floor_${names.size}`;
        names.set(text, name);
      }
      return (await client.query({ name, text, values: params })).rows as Record<string, unknown>[];
    };
    try {
      await client.query('BEGIN');
      const result = await work(query);
      await client.query('COMMIT');
      return result;
    } catch (error) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw error;
    } finally {
      client.release();
    }
  };
  return { inTransaction, close: () => pool.end() };
}

/** The embedded database: one PGlite instance, whose transactions run one at a time. */
async function embedded(dir: string): Promise<{ inTransaction: InTransaction; close: () => Promise<void> }> {
  const db = await PGlite.create(dir);
  const inTransaction: InTransaction = (work) =>
    db.transaction((tx) => work(async (text, params) => (await tx.query<Record<string, unknown>>(text, params)).rows));
  return { inTransaction, close: () => db.close() };
}

async function openDatabase(): Promise<{ inTransaction: InTransaction; close: () => Promise<void> }> {
  if (process.env.FLOOR_DATABASE_URL) return postgres(process.env.FLOOR_DATABASE_URL);
  if (process.env.FLOOR_PGLITE_DIR) return embedded(process.env.FLOOR_PGLITE_DIR);
  throw new Error('set FLOOR_DATABASE_URL or FLOOR_PGLITE_DIR');
}
const database = await openDatabase();

interface SaveBody {
  panelInstanceId: number;
  version: number;
  values: Record<string, unknown>;
  reason: string;
}

class Stale extends Error {}

const NEXT_VERSION = `UPDATE panel_instances SET version = version + 1, updated_by = $3, updated_at = now()
  WHERE id = $1 AND version = $2 RETURNING version, project_id, site_id`;
const OLD_VALUES = 'SELECT path, value FROM field_values WHERE panel_instance_id = $1';
const WRITE_VALUES = `INSERT INTO field_values (panel_instance_id, path, value, status, saved, updated_by, updated_at)
  SELECT $1, v.key, v.value, 'COMPLETED', true, $2, now() FROM jsonb_each($3::jsonb) AS v
  ON CONFLICT (panel_instance_id, path) DO UPDATE
  SET value = EXCLUDED.value, status = EXCLUDED.status, saved = true, updated_by = EXCLUDED.updated_by, updated_at = EXCLUDED.updated_at`;
const WRITE_AUDIT = `INSERT INTO audit_log (actor_id, actor_username, actor_role, action, entity_type, entity_id, project_id, env, site_id, old_value, new_value, reason, ip)
  SELECT $1, 'floor', 'floor', 'record.value.change', 'field_value', r.entity_id, $2, $3, $4, r.old_value, r.new_value, r.reason, '127.0.0.1'
  FROM jsonb_to_recordset($5::jsonb) AS r(entity_id text, old_value jsonb, new_value jsonb, reason text)`;

async function save(body: SaveBody): Promise<{ version: number; changed: number }> {
  return database.inTransaction(async (query) => {
    const [panel] = await query(NEXT_VERSION, [body.panelInstanceId, body.version, actorId]);
    if (!panel) throw new Stale();
    const old = new Map((await query(OLD_VALUES, [body.panelInstanceId])).map((row) => [row.path as string, row.value]));
    const audit = [];
    for (const [path, value] of Object.entries(body.values)) {
      const before = old.get(path) ?? null;
      if (JSON.stringify(before) === JSON.stringify(value)) continue;
      audit.push({ entity_id: `${body.panelInstanceId}:${path}`, old_value: before, new_value: value, reason: before === null ? null : body.reason });
    }
    await query(WRITE_VALUES, [body.panelInstanceId, actorId, JSON.stringify(body.values)]);
    if (audit.length > 0) await query(WRITE_AUDIT, [actorId, panel.project_id, env, panel.site_id, JSON.stringify(audit)]);
    return { version: panel.version as number, changed: audit.length };
  });
}

const app = Fastify({ logger: false, bodyLimit: 1_048_576 });
app.get('/floor/health', () => ({ code: 0, msg: 'ok', data: null }));
app.post('/floor/save', async (request, reply) => {
  try {
    return { code: 0, msg: 'ok', data: await save(request.body as SaveBody) };
  } catch (error) {
    if (error instanceof Stale) return reply.code(409).send({ code: 409, msg: 'stale version', data: null });
    throw error;
  }
});

const shutdown = async () => {
  await app.close();
  await database.close();
  process.exit(0);
};
process.once('SIGTERM', () => void shutdown());
process.once('SIGINT', () => void shutdown());

await app.listen({ port, host });
