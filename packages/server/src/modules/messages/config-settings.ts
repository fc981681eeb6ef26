import type { MessageConfigSettings, MessageEvent } from '@dcap/core';
import { defaultMessageConfig, messageReceiverSchema, messageTemplatesSchema } from '@dcap/core';
import { z } from 'zod';
import type { MessageConfigRow } from '../../db/schema.js';
import type { Executor } from '../audit/repo.js';
import * as repo from './config-repo.js';

/** Stored message configurations as core's settings, and the one that decides an event (docs/decisions.md "Message configuration"). */

const receiversSchema = z.array(messageReceiverSchema);

/** A stored row as settings; a row whose JSON no longer parses falls back to the event's default texts and receivers. */
export function settingsOf(row: MessageConfigRow): MessageConfigSettings {
  const event = row.event as MessageEvent;
  const fallback = defaultMessageConfig(event);
  const receivers = receiversSchema.safeParse(row.receivers);
  const templates = messageTemplatesSchema.safeParse(row.templates);
  return {
    event,
    category: row.category,
    group: row.group_name,
    title: row.title,
    receivers: receivers.success ? receivers.data : fallback.receivers,
    blacklist: row.blacklist,
    enabled: row.enabled,
    inSite: row.in_site,
    testingPeriod: row.testing_period,
    onlinePeriod: row.online_period,
    wechat: row.wechat,
    email: row.email,
    templates: templates.success ? templates.data : fallback.templates,
  };
}

/** The settings that decide an event in a project (its own, else the platform's, else the default); `projectId` null for the platform's. */
export async function effectiveSettings(db: Executor, projectId: number | null, event: MessageEvent): Promise<MessageConfigSettings> {
  const row = await repo.effectiveConfigRow(db, projectId, event);
  return row ? settingsOf(row) : defaultMessageConfig(event);
}
