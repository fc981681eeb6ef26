import type { Department, Unit } from '@dcap/core';
import { AppError, applyPatch } from '@dcap/core';
import type { z } from 'zod';
import type { createDepartmentSchema, createUnitSchema, updateDepartmentSchema, updateUnitSchema } from '@dcap/core';
import type { UnitRow } from '../../db/schema.js';
import type { ServiceDeps } from '../../deps.js';
import type { Actor, RequestMeta } from '../../http/context.js';
import { platformWrite } from '../../http/project-write.js';
import type { Executor } from '../audit/repo.js';
import { auditedDepartment, auditedUnit, presentDepartment, presentUnit } from './presenter.js';
import { checkUnitArea } from '../areas/service.js';
import * as repo from './repo.js';

export async function listUnits(deps: ServiceDeps, keyword: string | undefined): Promise<Unit[]> {
  return (await repo.listUnits(deps.db, keyword)).map(presentUnit);
}

export async function createUnit(deps: ServiceDeps, actor: Actor, body: z.output<typeof createUnitSchema>, meta: RequestMeta): Promise<Unit> {
  return platformWrite(deps, { actor, meta }, async (trx, audit) => {
    if (await repo.findUnitByCode(trx, body.code)) throw new AppError('unit.code_taken', { code: body.code });
    await checkUnitArea(trx, body.areaId, null);
    const row = await repo.insertUnit(trx, {
      code: body.code,
      name: body.name,
      name_en: body.eName ?? null,
      province: body.province ?? null,
      city: body.city ?? null,
      address: body.address ?? null,
      area_id: body.areaId ?? null,
    });
    await audit.change('unit', row.id, { kind: 'create', after: auditedUnit(row) });
    return presentUnit(await repo.findUnitWithArea(trx, row.id));
  });
}

export async function updateUnit(deps: ServiceDeps, actor: Actor, body: z.output<typeof updateUnitSchema>, meta: RequestMeta): Promise<Unit> {
  return platformWrite(deps, { actor, meta }, async (trx, audit) => {
    const before = await repo.findUnit(trx, body.id);
    if (!before) throw new AppError('unit.not_found');
    if (body.code !== undefined) {
      const clash = await repo.findUnitByCode(trx, body.code);
      if (clash && clash.id !== body.id) throw new AppError('unit.code_taken', { code: body.code });
    }
    await checkUnitArea(trx, body.areaId, before.area_id);
    // Partial update (core applyPatch): a field left out keeps its value, null clears it.
    const next = applyPatch(auditedUnit(before), body);
    const after = await repo.updateUnit(trx, body.id, {
      code: next.code,
      name: next.name,
      name_en: next.eName,
      province: next.province,
      city: next.city,
      address: next.address,
      area_id: next.areaId,
      status: next.status,
      updated_at: deps.clock.now(),
    });
    await audit.change('unit', after.id, { kind: 'update', before: auditedUnit(before), after: auditedUnit(after) });
    return presentUnit(await repo.findUnitWithArea(trx, after.id));
  });
}

export async function listDepartments(deps: ServiceDeps, unitId: number): Promise<Department[]> {
  if (!(await repo.findUnit(deps.db, unitId))) throw new AppError('unit.not_found');
  return (await repo.listDepartments(deps.db, unitId)).map(presentDepartment);
}

export async function createDepartment(deps: ServiceDeps, actor: Actor, body: z.output<typeof createDepartmentSchema>, meta: RequestMeta): Promise<Department> {
  return platformWrite(
    deps,
    { actor, meta },
    async (trx, audit) => {
      if (!(await repo.findUnit(trx, body.unitId))) throw new AppError('unit.not_found');
      const row = await repo.insertDepartment(trx, { unit_id: body.unitId, name: body.name, name_en: body.eName ?? null });
      await audit.change('department', row.id, { kind: 'create', after: auditedDepartment(row) });
      return presentDepartment(row);
    },
    { name: body.name },
  );
}

export async function updateDepartment(deps: ServiceDeps, actor: Actor, body: z.output<typeof updateDepartmentSchema>, meta: RequestMeta): Promise<Department> {
  return platformWrite(
    deps,
    { actor, meta },
    async (trx, audit) => {
      const before = await repo.findDepartment(trx, body.id);
      if (!before) throw new AppError('department.not_found');
      const next = applyPatch({ name: before.name, eName: before.name_en }, body);
      const after = await repo.updateDepartment(trx, body.id, { name: next.name, name_en: next.eName });
      await audit.change('department', after.id, { kind: 'update', before: { name: before.name, eName: before.name_en }, after: { name: after.name, eName: after.name_en } });
      return presentDepartment(after);
    },
    { name: body.name ?? '' },
  );
}

/** A unit by id, for another module's write (a site links a unit) inside its transaction. */
export function findUnit(db: Executor, id: number): Promise<UnitRow | undefined> {
  return repo.findUnit(db, id);
}
