import { LOCALES, PLATFORM_ACTIONS } from '@dcap/core';
import { z } from 'zod';
import type { Actor, ProjectCaller } from '../../http/context.js';

/**
 * Who asked for an apply, as the job keeps it: the worker acts on their behalf, with their standing in the
 * project resolved again when it runs (a role taken away meanwhile stops the import), and their audit rows.
 */
const actorSchema = z.object({
  userId: z.number(),
  username: z.string(),
  name: z.string(),
  nameEn: z.string().nullable(),
  email: z.string().nullable(),
  admin: z.boolean(),
  systemAdmin: z.boolean(),
  projectAdmin: z.boolean(),
  // Absent from jobs queued before role permissions were stored: the worker needs only project rights.
  platformRights: z.array(z.enum(PLATFORM_ACTIONS)).default([]),
  sessionId: z.number(),
  currentProjectId: z.number().nullable(),
  currentRoleId: z.number().nullable(),
  currentEnv: z.string().nullable(),
});

export const importJobParamsSchema = z.object({
  importId: z.number(),
  actor: actorSchema,
  ip: z.string(),
  locale: z.enum(LOCALES),
});
export type ImportJobParams = z.infer<typeof importJobParamsSchema>;

export function actorSnapshot(caller: ProjectCaller): ImportJobParams['actor'] {
  const { userId, username, name, nameEn, email, admin, systemAdmin, projectAdmin, platformRights, sessionId, currentProjectId, currentRoleId, currentEnv } = caller.actor;
  return { userId, username, name, nameEn, email, admin, systemAdmin, projectAdmin, platformRights: [...platformRights], sessionId, currentProjectId, currentRoleId, currentEnv };
}

export const actorOf = (params: ImportJobParams): Actor => ({ ...params.actor });
