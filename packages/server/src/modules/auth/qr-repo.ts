import type { QrLoginRequestRow, QrLoginStatus } from '../../db/schema.js';
import type { Executor } from '../audit/repo.js';

/** QR-code sign-in requests (migration 0030; docs/decisions.md "Sign-in channels"). */

export async function insertQrRequest(
  db: Executor,
  row: { id: string; secretHash: string; ip: string; userAgent: string | null; device: string; at: Date; expiresAt: Date },
): Promise<void> {
  await db
    .insertInto('qr_login_requests')
    .values({ id: row.id, secret_hash: row.secretHash, ip: row.ip, user_agent: row.userAgent, device: row.device, created_at: row.at, expires_at: row.expiresAt })
    .execute();
}

export async function countQrFromAddress(db: Executor, ip: string, since: Date): Promise<number> {
  const row = await db
    .selectFrom('qr_login_requests')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('ip', '=', ip)
    .where('created_at', '>', since)
    .executeTakeFirstOrThrow();
  return row.n;
}

export async function findQrRequest(db: Executor, id: string, forUpdate = false): Promise<QrLoginRequestRow | undefined> {
  let query = db.selectFrom('qr_login_requests').selectAll().where('id', '=', id);
  if (forUpdate) query = query.forUpdate();
  return query.executeTakeFirst();
}

export async function setQrStatus(db: Executor, id: string, change: { status: QrLoginStatus; userId?: number; at: Date }): Promise<void> {
  await db
    .updateTable('qr_login_requests')
    .set(change.status === 'used' ? { status: 'used', used_at: change.at } : { status: change.status, user_id: change.userId ?? null, decided_at: change.at })
    .where('id', '=', id)
    .execute();
}
