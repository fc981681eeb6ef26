import type { Locale, RandAllocation, RandScheme, RandSlot, RandTable, SchemeSettings, SimulationReport, Unblinding } from '@dcap/core';
import { schemeFactors, schemeSettingsSchema, stratifiesBySite } from '@dcap/core';
import type { Blinding } from './blinding.js';
import type { AllocationWithNames, SchemeWithNames, TableWithNames, UnblindingWithNames } from './repo.js';

/**
 * Responses of the Balance and iMask calls. Every arm-revealing field is added here and only here, when the
 * caller's blinding allows it (docs/decisions.md, "Randomisation, blinding and supply"), so no route can
 * forget to hide one.
 */

export function settingsOf(row: { definition: unknown }): SchemeSettings {
  return schemeSettingsSchema.parse(row.definition);
}

function armName(settings: SchemeSettings | null, code: string, locale: Locale): string {
  const arm = settings?.scheme.arms.find((candidate) => candidate.code === code);
  return arm ? (locale === 'en-US' ? (arm.nameEn ?? arm.name) : arm.name) : code;
}

export function presentScheme(row: SchemeWithNames, blinding: Blinding): RandScheme {
  const settings = settingsOf(row);
  const base: RandScheme = {
    id: row.id,
    name: row.name,
    status: row.status,
    version: row.version,
    method: settings.scheme.method,
    factors: schemeFactors(settings.scheme).map((factor) => ({ ...factor, options: factor.options.map((option) => ({ ...option })) })),
    factorSources: settings.factorSources,
    stratifyBySite: stratifiesBySite(settings.scheme),
    treatmentPhase: settings.treatmentPhase,
    blinded: !blinding.visible,
    createdBy: row.created_name,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
    approvedBy: row.approved_name,
    approvedAt: row.approved_at?.toISOString() ?? null,
    allocations: row.allocations,
  };
  if (!blinding.visible) return base;
  return { ...base, settings, simulation: (row.simulation as SimulationReport | null) ?? null };
}

export function presentTable(row: TableWithNames): RandTable {
  return {
    id: row.id,
    schemeId: row.scheme_id,
    kind: row.kind,
    source: row.source,
    seed: row.seed,
    fileName: row.file_name,
    slotCount: row.slot_count,
    used: row.used,
    status: row.status,
    createdBy: row.created_name,
    createdAt: row.created_at.toISOString(),
  };
}

export function presentSlot(row: { id: number; stratum: string; seq: number; block: number | null; block_size: number | null; arm: string; random_no: string; platform_no: string | null; subject_code: string | null }): RandSlot {
  return { id: row.id, stratum: row.stratum, seq: row.seq, block: row.block, blockSize: row.block_size, arm: row.arm, randomNo: row.random_no, subject: row.subject_code ?? row.platform_no };
}

export function presentAllocation(row: AllocationWithNames, settings: SchemeSettings | null, blinding: Blinding, locale: Locale): RandAllocation {
  const base: RandAllocation = {
    id: row.id,
    subjectId: row.subject_id,
    subject: row.subject_code ?? row.platform_no,
    siteId: row.site_id,
    site: row.site_code,
    randomNo: row.random_no,
    stratum: row.stratum,
    factors: (row.factors ?? {}) as Record<string, string>,
    source: row.source,
    allocatedBy: row.allocated_name,
    allocatedAt: row.allocated_at.toISOString(),
    unblinded: row.unblinding_id !== null,
  };
  // Whoever unblinded this subject in an emergency knows its arm; nobody else blinded learns it from them.
  if (!blinding.visible && row.unblinded_by !== blinding.userId) return base;
  return { ...base, arm: row.arm, armName: armName(settings, row.arm, locale) };
}

export function presentUnblinding(row: UnblindingWithNames, settings: SchemeSettings | null, blinding: Blinding, locale: Locale): Unblinding {
  const base: Unblinding = {
    id: row.id,
    kind: row.kind,
    subject: row.subject_code ?? row.platform_no,
    site: row.site_code,
    reason: row.reason,
    unblindedBy: row.unblinded_name,
    unblindedAt: row.unblinded_at.toISOString(),
    acknowledgedBy: row.acknowledged_name,
    acknowledgedAt: row.acknowledged_at?.toISOString() ?? null,
  };
  if (row.arm === null || (!blinding.visible && row.unblinded_by !== blinding.userId)) return base;
  return { ...base, arm: row.arm, armName: armName(settings, row.arm, locale) };
}
