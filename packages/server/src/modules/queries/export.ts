import type { AlterationExportQuery, AuditEntry, ExportFormat, Locale, Query, QueryExportQuery } from '@dcap/core';
import { isoWithOffset, STATUS_LABELS, studyToday } from '@dcap/core';
import type { Row } from 'write-excel-file/node';
import writeXlsxFile from 'write-excel-file/node';
import type { ServiceDeps } from '../../deps.js';
import type { ProjectCaller } from '../../http/context.js';
import { sessionEnv } from '../../http/context.js';
import { projectWrite } from '../../http/project-write.js';
import type { FileReply } from '../../http/route.js';
import { exportableQueries } from './reads.js';
import { alterationRows } from './trail-service.js';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const CSV = 'text/csv; charset=utf-8';

const QUERY_HEADER: Record<Locale, string[]> = {
  'zh-CN': ['编号', '中心', '受试者', '访视', '表单', '字段', '状态', '质疑内容', '质疑内容（英文）', '发起人', '发起角色', '发起时间', '天数', '关闭人', '关闭时间'],
  'en-US': ['ID', 'Site', 'Subject', 'Visit', 'Panel', 'Field', 'Status', 'Query', 'Query (English)', 'Raised by', 'Role', 'Raised at', 'Days', 'Closed by', 'Closed at'],
};

const TRAIL_HEADER: Record<Locale, string[]> = {
  'zh-CN': ['序号', '时间', '登录名', '姓名', '角色', '中心', '受试者', '访视', '表单', '字段', '操作', '对象', '原值', '新值', '原因'],
  'en-US': ['Sequence', 'Time', 'Login name', 'Name', 'Role', 'Site', 'Subject', 'Visit', 'Panel', 'Field', 'Action', 'Entity', 'Old value', 'New value', 'Reason'],
};

const SHEETS: Record<Locale, { queries: string; trail: string }> = {
  'zh-CN': { queries: '质疑', trail: '稽查轨迹' },
  'en-US': { queries: 'Queries', trail: 'Audit trail' },
};

export type Cell = string | number;

/** A cell a spreadsheet program would read as a formula is written as text (CSV injection). */
const safe = (cell: Cell): Cell => (typeof cell === 'string' && /^[=+\-@\t\r]/.test(cell) ? `'${cell}` : cell);

function csvLine(cells: readonly Cell[]): string {
  return cells
    .map((cell) => {
      const text = String(safe(cell));
      return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
    })
    .join(',');
}

/** The rows as an xlsx workbook or a CSV file (UTF-8 with a byte order mark, so spreadsheet programs read Chinese). */
export async function tableFile(format: ExportFormat, sheet: string, header: string[], rows: Cell[][], name: string): Promise<FileReply> {
  if (format === 'csv') {
    const text = [csvLine(header), ...rows.map(csvLine)].join('\r\n');
    return { contentType: CSV, filename: `${name}.csv`, body: Buffer.from(`\uFEFF${text}\r\n`, 'utf8') };
  }
  const data: Row[] = [header.map((value) => ({ value, fontWeight: 'bold' as const })), ...rows.map((row) => row.map((value) => ({ value: safe(value) })))];
  const body = await writeXlsxFile([{ sheet, data, stickyRowsCount: 1 }], {}).toBuffer();
  return { contentType: XLSX, filename: `${name}.xlsx`, body };
}

const localName = (locale: Locale, name: string | null, nameEn: string | null): string => (locale === 'en-US' ? (nameEn ?? name ?? '') : (name ?? ''));
/** The study's day as a file name's date (YYYYMMDD). */
export const stamp = (now: Date): string => studyToday(now).replaceAll('-', '');

/** An export reads; its audit row is written however the project stands (COMPLIANCE AT-3 "exports"). */
async function auditExport(deps: ServiceDeps, caller: ProjectCaller, action: string, filters: Record<string, unknown>, rows: number): Promise<void> {
  await projectWrite(deps, caller, {}, (_trx, audit) =>
    audit({ action, entityType: 'project', entityId: caller.project.project.id, env: sessionEnv(caller), newValue: { rows, filters } }),
  );
}

/** A report as a table: its sheet name, header and rows in the caller's language. */
export interface ReportTable {
  sheet: string;
  header: string[];
  rows: Cell[][];
}

/** The query management list under its filters as a table (also written by export tasks). */
export async function queryReportTable(deps: ServiceDeps, caller: ProjectCaller, query: Omit<QueryExportQuery, 'format'>): Promise<ReportTable> {
  const locale = caller.meta.locale;
  const zone = query.timeZone ?? 'UTC';
  const list: Query[] = await exportableQueries(deps, caller, { ...query, format: 'csv' });
  const rows: Cell[][] = list.map((q) => [
    q.id,
    q.siteName,
    q.subjectLabel,
    localName(locale, q.eventName, q.eventNameEn),
    localName(locale, q.instrumentName, q.instrumentNameEn),
    localName(locale, q.fieldLabel, q.fieldLabelEn),
    STATUS_LABELS[locale].query[q.status],
    q.content,
    q.contentEn ?? '',
    q.raisedBy?.name ?? '',
    q.raisedRole ?? '',
    isoWithOffset(q.raisedAt, zone),
    q.ageDays,
    q.closedBy?.name ?? '',
    q.closedAt ? isoWithOffset(q.closedAt, zone) : '',
  ]);
  return { sheet: SHEETS[locale].queries, header: QUERY_HEADER[locale], rows };
}

/**
 * The query management list as a file: every query under the filters, times in ISO 8601 with the offset of
 * the caller's zone (COMPLIANCE TS-2).
 */
export async function exportQueries(deps: ServiceDeps, caller: ProjectCaller, query: QueryExportQuery): Promise<FileReply> {
  const table = await queryReportTable(deps, caller, query);
  const { format, timeZone: _zone, ...filters } = query;
  await auditExport(deps, caller, 'query.export', filters, table.rows.length);
  return tableFile(format, table.sheet, table.header, table.rows, `${caller.project.project.code}-queries-${stamp(deps.clock.now())}`);
}

const valueText = (value: unknown): string => (value === null || value === undefined ? '' : typeof value === 'string' ? value : JSON.stringify(value));

/** The alteration log under its filters as a table, oldest first by sequence (also written by export tasks). */
export async function alterationReportTable(deps: ServiceDeps, caller: ProjectCaller, query: Omit<AlterationExportQuery, 'format'>): Promise<ReportTable> {
  const locale = caller.meta.locale;
  const zone = query.timeZone ?? 'UTC';
  const list: AuditEntry[] = await alterationRows(deps, caller, { ...query, format: 'csv' });
  const rows: Cell[][] = list.map((entry) => [
    entry.id,
    isoWithOffset(entry.at, zone),
    entry.actorUsername ?? '',
    entry.actorName ?? '',
    entry.actorRole ?? '',
    entry.siteName ?? '',
    entry.subjectLabel ?? '',
    localName(locale, entry.eventName, entry.eventNameEn),
    localName(locale, entry.instrumentName, entry.instrumentNameEn),
    entry.path ?? '',
    entry.action,
    `${entry.entityType}:${entry.entityId ?? ''}`,
    valueText(entry.oldValue),
    valueText(entry.newValue),
    entry.reason ?? '',
  ]);
  return { sheet: SHEETS[locale].trail, header: TRAIL_HEADER[locale], rows };
}

/** The alteration log as a file, oldest first by sequence (COMPLIANCE AT-7, TS-2, TS-3). */
export async function exportAlterations(deps: ServiceDeps, caller: ProjectCaller, query: AlterationExportQuery): Promise<FileReply> {
  const table = await alterationReportTable(deps, caller, query);
  const { format, timeZone: _zone, ...filters } = query;
  await auditExport(deps, caller, 'audit.export', filters, table.rows.length);
  return tableFile(format, table.sheet, table.header, table.rows, `${caller.project.project.code}-alterations-${stamp(deps.clock.now())}`);
}
