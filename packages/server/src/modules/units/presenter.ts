import type { Department, Unit } from '@dcap/core';
import type { DepartmentRow, UnitRow } from '../../db/schema.js';
import type { UnitWithArea } from './repo.js';

export function presentUnit(row: UnitWithArea): Unit {
  return {
    id: row.id,
    code: row.code,
    name: row.name,
    eName: row.name_en,
    province: row.province,
    city: row.city,
    address: row.address,
    areaId: row.area_id,
    areaName: row.area_name,
    areaNameEn: row.area_name_en,
    status: row.status,
    createdAt: row.created_at.toISOString(),
  };
}

export function presentDepartment(row: DepartmentRow): Department {
  return { id: row.id, unitId: row.unit_id, name: row.name, eName: row.name_en, createdAt: row.created_at.toISOString() };
}

export const auditedDepartment = (row: DepartmentRow) => ({ unitId: row.unit_id, name: row.name, eName: row.name_en });
export const auditedUnit = (row: UnitRow) => ({ code: row.code, name: row.name, eName: row.name_en, province: row.province, city: row.city, address: row.address, areaId: row.area_id, status: row.status });
