import { importConfirmSchema, importPreviewSchema, importResultSchema, studyToday } from '@dcap/core';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { ServiceDeps } from '../../deps.js';
import type { RouteRegistry } from '../../http/route.js';
import { fileReplySchema } from '../../http/route.js';
import { platformWrite } from '../../http/project-write.js';
import { importUsers, previewUserSheet } from './import-service.js';
import { listUsersForExport } from './repo.js';
import { userTemplate, userWorkbook, XLSX } from './sheet.js';

const MANAGE_USERS = { platform: 'user.manage' } as const;
const day = (now: Date) => studyToday(now).replaceAll('-', '');

/** The uploaded sheet: one file part named `file` (spec 000 §7: uploads are multipart, not encrypted). */
const sheetUploadSchema = z.strictObject({ file: z.custom<Buffer>((value) => Buffer.isBuffer(value), { message: 'file' }) });

/** Export of users and their bulk creation from a sheet (spec 002 §7 export, exportTemplate, preview). */
export function registerUserImportRoutes(app: FastifyInstance, routes: RouteRegistry, deps: ServiceDeps): void {
  routes.add(app, {
    method: 'GET',
    url: '/dcap/sys/user/export',
    summary: 'Spreadsheet of every user not deleted, with status and platform flags',
    tag: 'users',
    access: MANAGE_USERS,
    response: fileReplySchema,
    raw: true,
    handler: async ({ actor, meta }) => {
      const rows = await listUsersForExport(deps.db);
      const body = await userWorkbook(rows, meta.locale);
      // An export of personal data is itself an auditable event.
      await platformWrite(deps, { actor, meta }, (_trx, audit) => audit({ action: 'user.export', entityType: 'user', entityId: null, newValue: { rows: rows.length } }));
      return { contentType: XLSX, filename: `users-${day(deps.clock.now())}.xlsx`, body };
    },
  });
  routes.add(app, {
    method: 'GET',
    url: '/dcap/sys/user/exportTemplate',
    summary: 'The sheet to fill in for creating users in bulk, headers in the caller’s language',
    tag: 'users',
    access: MANAGE_USERS,
    response: fileReplySchema,
    raw: true,
    handler: async ({ meta }) => ({ contentType: XLSX, filename: 'user-import-template.xlsx', body: await userTemplate(meta.locale) }),
  });
  routes.add(app, {
    method: 'POST',
    url: '/dcap/sys/user/preview',
    summary: 'Check an uploaded user sheet row by row; creates nothing',
    tag: 'users',
    access: MANAGE_USERS,
    consumes: ['multipart/form-data'],
    body: sheetUploadSchema,
    response: importPreviewSchema,
    handler: ({ body, meta }) => previewUserSheet(deps, body.file, meta.locale),
  });
  routes.add(app, {
    method: 'POST',
    url: '/dcap/sys/user/importConfirm',
    summary: 'Create the previewed users, all or none; generated passwords shown once, changed at first sign-in',
    tag: 'users',
    access: MANAGE_USERS,
    body: importConfirmSchema,
    response: importResultSchema,
    handler: ({ actor, body, meta }) => importUsers(deps, actor, body, meta),
  });
}
