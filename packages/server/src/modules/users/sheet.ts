import type { Locale } from '@dcap/core';
import { USER_SHEET_COLUMNS } from '@dcap/core';
import readXlsxFile from 'read-excel-file/node';
import type { Row } from 'write-excel-file/node';
import writeXlsxFile from 'write-excel-file/node';
import type { UserRow } from '../../db/schema.js';

export const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

const COLUMN_LABELS: Record<Locale, Record<(typeof USER_SHEET_COLUMNS)[number], string>> = {
  'zh-CN': { username: '登录名', name: '姓名', nameEn: '英文名', gender: '性别', email: '邮箱', phone: '电话', corporation: '单位', department: '科室' },
  'en-US': { username: 'Login name', name: 'Name', nameEn: 'English name', gender: 'Gender', email: 'E-mail', phone: 'Phone', corporation: 'Organisation', department: 'Department' },
};
const EXTRA_LABELS: Record<Locale, { status: string; admin: string; projectAdmin: string; createdAt: string; lastLoginAt: string; sheet: string; template: string }> = {
  'zh-CN': { status: '状态', admin: '平台管理员', projectAdmin: '项目管理员', createdAt: '创建时间', lastLoginAt: '最近登录', sheet: '用户', template: '用户导入' },
  'en-US': { status: 'Status', admin: 'Platform administrator', projectAdmin: 'Project administrator', createdAt: 'Created at', lastLoginAt: 'Last sign-in', sheet: 'Users', template: 'User import' },
};
const YES_NO: Record<Locale, [string, string]> = { 'zh-CN': ['是', '否'], 'en-US': ['Yes', 'No'] };

const header = (labels: readonly string[]): Row => labels.map((value) => ({ value, fontWeight: 'bold' as const }));

/** GET exportTemplate: the header row in the caller's language and one example row. */
export async function userTemplate(locale: Locale): Promise<Buffer> {
  const labels = USER_SHEET_COLUMNS.map((column) => COLUMN_LABELS[locale][column]);
  const example: Row = ['zhang.san', '张三', 'Zhang San', locale === 'zh-CN' ? '男' : 'male', 'zhang.san@example.org', '13800000000', '示例医院', '心内科'];
  return writeXlsxFile([{ sheet: EXTRA_LABELS[locale].template, data: [header(labels), example], stickyRowsCount: 1 }], {}).toBuffer();
}

/** GET export: every user not deleted, with status and platform flags; never a password hash. */
export async function userWorkbook(rows: readonly UserRow[], locale: Locale): Promise<Buffer> {
  const extra = EXTRA_LABELS[locale];
  const [yes, no] = YES_NO[locale];
  const labels = [...USER_SHEET_COLUMNS.map((column) => COLUMN_LABELS[locale][column]), extra.status, extra.admin, extra.projectAdmin, extra.createdAt, extra.lastLoginAt];
  const data: Row[] = rows.map((row) => [
    row.username,
    row.name,
    row.name_en ?? '',
    row.gender ?? '',
    row.email ?? '',
    row.phone ?? '',
    row.corporation ?? '',
    row.department ?? '',
    row.status,
    row.admin || row.system_admin ? yes : no,
    row.project_admin ? yes : no,
    row.created_at.toISOString(),
    row.last_login_at ? row.last_login_at.toISOString() : '',
  ]);
  return writeXlsxFile([{ sheet: extra.sheet, data: [header(labels), ...data], stickyRowsCount: 1 }], {}).toBuffer();
}

/** The first sheet's rows after the header, each cell as text (numbers such as phone numbers included). */
export async function readUserSheet(file: Buffer): Promise<(string | null)[][] | null> {
  try {
    const [first] = await readXlsxFile(file);
    if (!first) return null;
    return first.data.slice(1).map((row) => row.map((cell) => (cell === null ? null : cell instanceof Date ? cell.toISOString() : String(cell))));
  } catch {
    return null;
  }
}
