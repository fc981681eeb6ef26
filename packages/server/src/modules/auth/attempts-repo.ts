import type { Executor } from '../audit/repo.js';

export interface SignInAttempt {
  username: string;
  userId: number | null;
  ip: string | null;
  success: boolean;
  reason: 'ok' | 'unknown_user' | 'wrong_password' | 'locked' | 'disabled';
  at: Date;
}

export async function recordAttempt(db: Executor, attempt: SignInAttempt): Promise<void> {
  await db
    .insertInto('login_attempts')
    .values({
      username: attempt.username.slice(0, 128),
      user_id: attempt.userId,
      ip: attempt.ip,
      success: attempt.success,
      reason: attempt.reason,
      at: attempt.at,
    })
    .execute();
}

export async function countAttemptsFromAddress(db: Executor, ip: string, since: Date): Promise<number> {
  const row = await db
    .selectFrom('login_attempts')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('ip', '=', ip)
    .where('at', '>', since)
    .executeTakeFirstOrThrow();
  return row.n;
}

export async function countFailuresForUser(db: Executor, userId: number, since: Date): Promise<number> {
  const row = await db
    .selectFrom('login_attempts')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .where('success', '=', false)
    .where('reason', '=', 'wrong_password')
    .where('at', '>', since)
    .executeTakeFirstOrThrow();
  return row.n;
}
