import type { Department, Unit } from '@dcap/core';
import { AppError, applyPatch } from '@dcap/core';
import type { z } from 'zod';
import type { createDepartmentSchema, createUnitSchema, updateDepartmentSchema, updateUnitSchema } from '@dcap/core';
import type { DepartmentRow, UnitRow } from '../../db/schema.js';
import type { ServiceDeps } from '../../deps.js';
import type { Actor, RequestMeta } from '../../http/context.js';
import { insertAuditRow } from '../audit/repo.js';
import { changedFields } from '../users/presenter.js';
import { translatingErrors } from '../../db/errors.js';
import * as repo from './repo.js';

export function presentUnit(row: UnitRow): Unit {
  return {
    id: row.id,
    code: row.code,
    name: row.name,
    eName: row.name_en,
    province: row.province,
    city: row.city,
    address: row.address,
    status: row.status,
    createdAt: row.created_at.toISOString(),
  };
}

function presentDepartment(row: DepartmentRow): Department {
  return { id: row.id, unitId: row.unit_id, name: row.name, eName: row.name_en, createdAt: row.created_at.toISOString() };
}

const audited = (row: UnitRow) => ({ code: row.code, name: row.name, eName: row.name_en, province: row.province, city: row.city, address: row.address, status: row.status });

export async function listUnits(deps: ServiceDeps, keyword: string | undefined): Promise<Unit[]> {
  return (await repo.listUnits(deps.db, keyword)).map(presentUnit);
}

export async function createUnit(deps: ServiceDeps, actor: Actor, body: z.output<typeof createUnitSchema>, meta: RequestMeta): Promise<Unit> {
  return deps.db.transaction().execute(async (trx) => {
    if (await repo.findUnitByCode(trx, body.code)) throw new AppError('unit.code_taken', { code: body.code });
    const row = await repo.insertUnit(trx, {
      code: body.code,
      name: body.name,
      name_en: body.eName ?? null,
      province: body.province ?? null,
      city: body.city ?? null,
      address: body.address ?? null,
    });
    await insertAuditRow(trx, { actorId: actor.userId, actorUsername: actor.username, action: 'unit.create', entityType: 'unit', entityId: row.id, newValue: audited(row), ip: meta.ip });
    return presentUnit(row);
  });
}

export async function updateUnit(deps: ServiceDeps, actor: Actor, body: z.output<typeof updateUnitSchema>, meta: RequestMeta): Promise<Unit> {
  return deps.db.transaction().execute(async (trx) => {
    const before = await repo.findUnit(trx, body.id);
    if (!before) throw new AppError('unit.not_found');
    if (body.code !== undefined) {
      const clash = await repo.findUnitByCode(trx, body.code);
      if (clash && clash.id !== body.id) throw new AppError('unit.code_taken', { code: body.code });
    }
    // Partial update (core applyPatch): a field left out keeps its value, null clears it.
    const next = applyPatch(audited(before), body);
    const after = await repo.updateUnit(trx, body.id, {
      code: next.code,
      name: next.name,
      name_en: next.eName,
      province: next.province,
      city: next.city,
      address: next.address,
      status: next.status,
      updated_at: deps.clock.now(),
    });
    const changes = changedFields(audited(before), audited(after));
    if (Object.keys(changes.newValue).length > 0) {
      await insertAuditRow(trx, { actorId: actor.userId, actorUsername: actor.username, action: 'unit.update', entityType: 'unit', entityId: after.id, ...changes, ip: meta.ip });
    }
    return presentUnit(after);
  });
}

export async function listDepartments(deps: ServiceDeps, unitId: number): Promise<Department[]> {
  if (!(await repo.findUnit(deps.db, unitId))) throw new AppError('unit.not_found');
  return (await repo.listDepartments(deps.db, unitId)).map(presentDepartment);
}

export async function createDepartment(deps: ServiceDeps, actor: Actor, body: z.output<typeof createDepartmentSchema>, meta: RequestMeta): Promise<Department> {
  return translatingErrors(() => deps.db.transaction().execute(async (trx) => {
      if (!(await repo.findUnit(trx, body.unitId))) throw new AppError('unit.not_found');
      const row = await repo.insertDepartment(trx, { unit_id: body.unitId, name: body.name, name_en: body.eName ?? null });
      await insertAuditRow(trx, { actorId: actor.userId, actorUsername: actor.username, action: 'department.create', entityType: 'department', entityId: row.id, newValue: { unitId: row.unit_id, name: row.name, eName: row.name_en }, ip: meta.ip });
      return presentDepartment(row);
    }), { name: body.name });
}

export async function updateDepartment(deps: ServiceDeps, actor: Actor, body: z.output<typeof updateDepartmentSchema>, meta: RequestMeta): Promise<Department> {
  return translatingErrors(() => deps.db.transaction().execute(async (trx) => {
      const before = await repo.findDepartment(trx, body.id);
      if (!before) throw new AppError('department.not_found');
      const next = applyPatch({ name: before.name, eName: before.name_en }, body);
      const after = await repo.updateDepartment(trx, body.id, { name: next.name, name_en: next.eName });
      const changes = changedFields({ name: before.name, eName: before.name_en }, { name: after.name, eName: after.name_en });
      if (Object.keys(changes.newValue).length > 0) {
        await insertAuditRow(trx, { actorId: actor.userId, actorUsername: actor.username, action: 'department.update', entityType: 'department', entityId: after.id, ...changes, ip: meta.ip });
      }
      return presentDepartment(after);
    }), { name: body.name ?? '' });
}
