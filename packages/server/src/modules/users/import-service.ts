import type { ImportConfirmRequest, ImportPreview, ImportResult, ImportRow, Locale } from '@dcap/core';
import { AppError, USER_SHEET_MAX_ROWS, describeValidationIssues, errorMessage, importUserSchema, userFromSheetRow } from '@dcap/core';
import { translateDatabaseError } from '../../db/errors.js';
import type { ServiceDeps } from '../../deps.js';
import type { Actor, RequestMeta } from '../../http/context.js';
import { platformWrite } from '../../http/project-write.js';
import { generatePassword, hashPassword } from '../auth/passwords.js';
import { auditedUserFields, presentUser } from './presenter.js';
import { insertUser, takenNames } from './repo.js';
import { readUserSheet } from './sheet.js';


/**
 * POST /dcap/sys/user/preview: reads the sheet and checks every row by the rules of a single creation, plus
 * login names repeated in the sheet or already taken. Nothing is written; the administrator corrects the
 * sheet until every row passes, then confirms.
 */
export async function previewUserSheet(deps: ServiceDeps, file: Buffer, locale: Locale): Promise<ImportPreview> {
  const cells = await readUserSheet(file);
  if (!cells) throw new AppError('user.sheet_unreadable');
  const lines = cells.map((row, index) => ({ row: index + 2, cells: row })).filter((line) => line.cells.some((cell) => cell !== null && cell.trim() !== ''));
  if (lines.length === 0) throw new AppError('user.sheet_empty');
  if (lines.length > USER_SHEET_MAX_ROWS) throw new AppError('user.sheet_too_many', { max: USER_SHEET_MAX_ROWS });
  const users = lines.map((line) => userFromSheetRow(line.cells));
  const taken = await takenNames(deps.db, users.flatMap((user) => (user.username ? [user.username] : [])));
  const seen = new Map<string, number>();
  for (const user of users) if (user.username) seen.set(user.username.toLowerCase(), (seen.get(user.username.toLowerCase()) ?? 0) + 1);
  const rows: ImportRow[] = lines.map((line, index) => {
    const user = users[index] ?? {};
    const checked = importUserSchema.safeParse(user, { reportInput: true });
    const errors = checked.success ? [] : describeValidationIssues(checked.error.issues, locale).map((issue) => ({ field: issue.path, message: issue.message }));
    const name = user.username?.toLowerCase();
    if (name && taken.has(name)) errors.push({ field: 'username', message: errorMessage('user.username_taken', locale, { username: user.username ?? '' }) });
    else if (name && (seen.get(name) ?? 0) > 1) errors.push({ field: 'username', message: errorMessage('user.sheet_duplicate', locale, { username: user.username ?? '' }) });
    return { row: line.row, user, errors };
  });
  return { rows, total: rows.length, valid: rows.filter((row) => row.errors.length === 0).length };
}

/**
 * POST /dcap/sys/user/importConfirm: creates every user of the previewed sheet in one transaction, or none
 * (a repeated or taken login name refuses the whole list). Each account gets a generated password, shown
 * once in the answer, that must be changed at first sign-in; each creation writes its audit row.
 */
export async function importUsers(deps: ServiceDeps, actor: Actor, body: ImportConfirmRequest, meta: RequestMeta): Promise<ImportResult> {
  const seen = new Set<string>();
  for (const user of body.users) {
    const name = user.username.toLowerCase();
    if (seen.has(name)) throw new AppError('user.sheet_duplicate', { username: user.username });
    seen.add(name);
  }
  const passwords = body.users.map(() => generatePassword());
  const hashes = await Promise.all(passwords.map((password) => hashPassword(password)));
  const now = deps.clock.now();
  try {
    const created = await platformWrite(deps, { actor, meta }, async (trx, audit) => {
      const taken = await takenNames(trx, body.users.map((user) => user.username));
      const clash = body.users.find((user) => taken.has(user.username.toLowerCase()));
      if (clash) throw new AppError('user.username_taken', { username: clash.username });
      const rows = [];
      for (const [index, user] of body.users.entries()) {
        const row = await insertUser(trx, {
          username: user.username,
          name: user.name,
          name_en: user.nameEn ?? null,
          gender: user.gender ?? null,
          email: user.email ?? null,
          phone: user.phone ?? null,
          corporation: user.corporation ?? null,
          department: user.department ?? null,
          password_hash: hashes[index] ?? '',
          password_changed_at: now,
          must_change_password: true,
          created_by: actor.userId,
          created_at: now,
          updated_at: now,
        });
        await audit({ action: 'user.create', entityType: 'user', entityId: row.id, newValue: { ...auditedUserFields(row), imported: true, mustChangePassword: true } });
        rows.push(row);
      }
      return rows;
    });
    return { created: created.map((row, index) => ({ user: presentUser(row), password: passwords[index] ?? '' })) };
  } catch (error) {
    throw translateDatabaseError(error, {});
  }
}
