import type { FollowUpState, Locale, Subject, SubjectListItem, SubjectRequest, SubjectStatus } from '@dcap/core';
import { maskOpenId } from '@dcap/core';
import type { SubjectRow } from '../../db/schema.js';
import type { SubjectRequestWithNames, SubjectWithSite } from './repo.js';

const iso = (value: Date | null): string | null => (value === null ? null : value.toISOString());
const siteLabel = (name: string, nameEn: string | null, locale: Locale) => (locale === 'en-US' ? (nameEn ?? name) : name);
/** Bound WeChat ids shortened (core `maskOpenId`): staff recognise a binding, nobody copies an id out. */
const maskedIds = (ids: Record<string, unknown>): Record<string, unknown> => Object.fromEntries(Object.entries(ids).map(([kind, id]) => [kind, typeof id === 'string' ? maskOpenId(id) : id]));
const record = (value: unknown): Record<string, unknown> => (value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {});

export function presentSubject(row: SubjectWithSite, locale: Locale): Subject {
  return {
    id: row.id,
    platformNo: row.platform_no,
    siteId: row.site_id,
    siteName: siteLabel(row.site_name, row.site_name_en, locale),
    siteCode: row.site_code,
    subjectCode: row.subject_code,
    initials: row.initials,
    name: row.name,
    idNumber: row.id_number,
    gender: row.gender,
    birthDate: row.birth_date,
    nation: row.nation,
    insuranceType: row.insurance_type,
    insuranceNo: row.insurance_no,
    phone: row.phone,
    email: row.email,
    address: row.address,
    relativeRelation: row.relative_relation,
    relativePhone: row.relative_phone,
    relativeEmail: row.relative_email,
    relativeAddress: row.relative_address,
    wechatIds: maskedIds(record(row.wechat_ids)),
    screeningNo: row.screening_no,
    consentDate: row.consent_date,
    randomNo: row.random_no,
    treatmentPhase: row.treatment_phase,
    firstDrugNo: row.first_drug_no,
    enrolledAt: iso(row.enrolled_at),
    enrolledBy: row.enrolled_by_name,
    remoteSite: row.remote_site,
    strata: record(row.strata),
    status: row.status as SubjectStatus,
    statusReason: row.status_reason,
    statusChangedAt: row.status_changed_at.toISOString(),
    designVersionId: row.design_version_id,
    version: row.version,
    createdBy: row.created_by_name,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
    pendingRollback: Boolean(row.pending_rollback),
  };
}

export function presentListItem(row: SubjectWithSite, locale: Locale, followUp: FollowUpState): SubjectListItem {
  const full = presentSubject(row, locale);
  return {
    id: full.id,
    platformNo: full.platformNo,
    siteId: full.siteId,
    siteName: full.siteName,
    siteCode: full.siteCode,
    subjectCode: full.subjectCode,
    initials: full.initials,
    gender: full.gender,
    birthDate: full.birthDate,
    screeningNo: full.screeningNo,
    randomNo: full.randomNo,
    status: full.status,
    statusReason: full.statusReason,
    enrolledAt: full.enrolledAt,
    createdAt: full.createdAt,
    createdBy: full.createdBy,
    followUp,
  };
}

export function presentRequest(row: SubjectRequestWithNames, locale: Locale): SubjectRequest {
  return {
    id: row.id,
    kind: row.kind,
    state: row.state,
    subjectId: row.subject_id,
    subjectLabel: row.subject_code ?? row.subject_platform_no,
    subjectStatus: row.subject_status as SubjectStatus,
    siteId: row.site_id,
    siteName: siteLabel(row.site_name, row.site_name_en, locale),
    reason: row.reason,
    requestedBy: row.requested_by_name,
    requestedById: row.requested_by,
    requestedAt: row.requested_at.toISOString(),
    decidedBy: row.decided_by_name,
    decidedAt: iso(row.decided_at),
    decisionComment: row.decision_comment,
  };
}

/** The audited fields of a subject: everything a user can change, by its request name. */
export function auditedSubject(row: SubjectRow): Record<string, unknown> {
  return {
    siteId: row.site_id,
    platformNo: row.platform_no,
    subjectCode: row.subject_code,
    initials: row.initials,
    name: row.name,
    idNumber: row.id_number,
    gender: row.gender,
    birthDate: row.birth_date,
    nation: row.nation,
    insuranceType: row.insurance_type,
    insuranceNo: row.insurance_no,
    phone: row.phone,
    email: row.email,
    address: row.address,
    relativeRelation: row.relative_relation,
    relativePhone: row.relative_phone,
    relativeEmail: row.relative_email,
    relativeAddress: row.relative_address,
    screeningNo: row.screening_no,
    consentDate: row.consent_date,
    remoteSite: row.remote_site,
    status: row.status,
  };
}
