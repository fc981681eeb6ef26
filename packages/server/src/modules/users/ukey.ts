import type { Ukey, UkeyBindRequest } from '@dcap/core';
import { AppError, ukeyBindSchema, ukeyQuerySchema, ukeySchema } from '@dcap/core';
import type { FastifyInstance } from 'fastify';
import type { UserUkeyRow } from '../../db/schema.js';
import type { ServiceDeps } from '../../deps.js';
import type { Caller } from '../../http/context.js';
import { platformWrite } from '../../http/project-write.js';
import type { RouteRegistry } from '../../http/route.js';
import { findUserById } from './repo.js';
import * as repo from './ukey-repo.js';

/**
 * USB keys (spec 000 §7.1 `/dcap/sys/user/ukey`; docs/decisions.md "Sign-in channels"): administrators record
 * the serial of the key issued to a user, or remove it. The serial is a record of issue, not a proof: the
 * platform does not talk to the key, so nothing here signs anyone in or signs anything.
 */
function present(userId: number, row: UserUkeyRow | undefined): Ukey {
  return { userId, serial: row?.serial ?? null, boundAt: row?.bound_at.toISOString() ?? null };
}

export async function readUkey(deps: ServiceDeps, userId: number): Promise<Ukey> {
  if (!(await findUserById(deps.db, userId))) throw new AppError('user.not_found');
  return present(userId, await repo.findUkey(deps.db, userId));
}

export async function bindUkey(deps: ServiceDeps, caller: Caller, body: UkeyBindRequest): Promise<Ukey> {
  return platformWrite(deps, caller, async (trx, audit) => {
    if (!(await findUserById(trx, body.userId))) throw new AppError('user.not_found');
    const before = await repo.findUkey(trx, body.userId);
    if (body.serial === null) {
      if (before) {
        await repo.deleteUkey(trx, body.userId);
        await audit.change('user_ukey', body.userId, { kind: 'delete', before: { serial: before.serial } });
      }
      return present(body.userId, undefined);
    }
    if (before?.serial === body.serial) return present(body.userId, before);
    const holder = await repo.findUkeyBySerial(trx, body.serial);
    if (holder && holder.user_id !== body.userId) throw new AppError('ukey.serial_taken');
    const row = { user_id: body.userId, serial: body.serial, bound_at: deps.clock.now(), bound_by: caller.actor.userId };
    await repo.upsertUkey(trx, row);
    await audit.change('user_ukey', body.userId, before ? { kind: 'update', before: { serial: before.serial }, after: { serial: row.serial } } : { kind: 'create', after: { serial: row.serial } });
    return present(body.userId, row);
  });
}

const MANAGE_USERS = { platform: 'user.manage' } as const;

export function registerUkeyRoutes(app: FastifyInstance, routes: RouteRegistry, deps: ServiceDeps): void {
  // The account centre's security tab shows the user their own key, read-only: keys are issued by administrators.
  routes.add(app, {
    method: 'GET',
    url: '/dcap/sys/user/myUkey',
    summary: 'The USB key serial recorded for the signed-in user (read-only; administrators issue keys)',
    tag: 'account',
    access: 'signedIn',
    response: ukeySchema,
    handler: ({ actor }) => readUkey(deps, actor.userId),
  });
  routes.add(app, {
    method: 'GET',
    url: '/dcap/sys/user/ukey',
    summary: 'The USB key serial recorded for a user',
    tag: 'users',
    access: MANAGE_USERS,
    query: ukeyQuerySchema,
    response: ukeySchema,
    handler: ({ query }) => readUkey(deps, query.userId),
  });
  routes.add(app, {
    method: 'POST',
    url: '/dcap/sys/user/ukey',
    summary: 'Record (serial) or remove (serial null) the USB key issued to a user',
    tag: 'users',
    access: MANAGE_USERS,
    body: ukeyBindSchema,
    response: ukeySchema,
    successMessage: 'ok.ukey_bound',
    handler: ({ caller, body }) => bindUkey(deps, caller, body),
  });
}
