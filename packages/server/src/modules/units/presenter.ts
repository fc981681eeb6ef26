import type { Department, Unit } from '@dcap/core';
import type { DepartmentRow, UnitRow } from '../../db/schema.js';

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

export function presentDepartment(row: DepartmentRow): Department {
  return { id: row.id, unitId: row.unit_id, name: row.name, eName: row.name_en, createdAt: row.created_at.toISOString() };
}

export const auditedDepartment = (row: DepartmentRow) => ({ unitId: row.unit_id, name: row.name, eName: row.name_en });
export const auditedUnit = (row: UnitRow) => ({ code: row.code, name: row.name, eName: row.name_en, province: row.province, city: row.city, address: row.address, status: row.status });
