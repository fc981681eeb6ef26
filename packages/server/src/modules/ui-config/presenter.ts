import type { PortalConfig, UiConfig } from '@dcap/core';
import { createHash } from 'node:crypto';
import type { ProjectUiConfigRow } from '../../db/schema.js';

export function presentUiConfig(projectId: number, row: ProjectUiConfigRow | undefined): UiConfig {
  return {
    projectId,
    loginLogo: row?.login_logo ?? null,
    bigLogo: row?.big_logo ?? null,
    smallLogo: row?.small_logo ?? null,
    background: row?.background ?? null,
    footer: row?.footer ?? null,
    footerEn: row?.footer_en ?? null,
    loginUrl: row?.login_url ?? null,
    description: row?.description ?? null,
    notice: row?.notice ?? null,
    noticeEn: row?.notice_en ?? null,
    updatedAt: row ? row.updated_at.toISOString() : null,
  };
}

export function presentPortal(row: ProjectUiConfigRow & { project_name: string; project_e_name: string | null }): PortalConfig {
  return {
    projectId: row.project_id,
    projectName: row.project_name,
    projectEName: row.project_e_name,
    loginUrl: row.login_url ?? '',
    loginLogo: row.login_logo,
    background: row.background,
    footer: row.footer,
    footerEn: row.footer_en,
    description: row.description,
    notice: row.notice,
    noticeEn: row.notice_en,
  };
}

/** An image in an audit row: its digest, not its bytes, so the trail names which picture without holding it. */
const imageDigest = (url: string | null) => (url === null ? null : `sha256:${createHash('sha256').update(url).digest('hex')}`);

export const auditedUiConfig = (row: ProjectUiConfigRow | undefined) => ({
  loginLogo: imageDigest(row?.login_logo ?? null),
  bigLogo: imageDigest(row?.big_logo ?? null),
  smallLogo: imageDigest(row?.small_logo ?? null),
  background: imageDigest(row?.background ?? null),
  footer: row?.footer ?? null,
  footerEn: row?.footer_en ?? null,
  loginUrl: row?.login_url ?? null,
  description: row?.description ?? null,
  notice: row?.notice ?? null,
  noticeEn: row?.notice_en ?? null,
});
