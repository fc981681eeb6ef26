import type { PortalConfig, UiConfig, UiImageSlot } from '@dcap/core';
import { AppError, UI_IMAGE_MAX_BYTES, UI_IMAGE_MAX_SIDE, UI_IMAGE_RATIOS, UI_IMAGE_SLOTS, imageRatioFits, readImageSize, splitImageDataUrl } from '@dcap/core';
import type { z } from 'zod';
import type { uiConfigSaveSchema } from '@dcap/core';
import type { ServiceDeps } from '../../deps.js';
import type { ProjectCaller } from '../../http/context.js';
import { projectWrite } from '../../http/project-write.js';
import { auditedUiConfig, presentPortal, presentUiConfig } from './presenter.js';
import * as repo from './repo.js';

type SaveBody = z.output<typeof uiConfigSaveSchema>;

const COLUMN: Record<UiImageSlot, 'login_logo' | 'big_logo' | 'small_logo' | 'background'> = {
  loginLogo: 'login_logo',
  bigLogo: 'big_logo',
  smallLogo: 'small_logo',
  background: 'background',
};

/**
 * Spec 002 §3: the logos' ratios (1:1, 3:1, 1:1) are checked on the image's own header, not on what a
 * client says about it; an image whose header cannot be read, or that claims a type it is not, is refused.
 */
export function checkImage(slot: UiImageSlot, dataUrl: string): void {
  const parts = splitImageDataUrl(dataUrl);
  if (!parts) throw new AppError('ui.image_unreadable');
  const bytes = Buffer.from(parts.base64, 'base64');
  if (bytes.length > UI_IMAGE_MAX_BYTES) throw new AppError('ui.image_unreadable');
  const size = readImageSize(bytes);
  if (!size || `image/${size.type}` !== parts.type) throw new AppError('ui.image_unreadable');
  if (size.width > UI_IMAGE_MAX_SIDE || size.height > UI_IMAGE_MAX_SIDE) {
    throw new AppError('ui.image_too_big', { width: size.width, height: size.height, max: UI_IMAGE_MAX_SIDE });
  }
  if (!imageRatioFits(slot, size.width, size.height)) {
    const expected = `${String(UI_IMAGE_RATIOS[slot] ?? 1)}:1`;
    throw new AppError('ui.image_ratio', { expected, width: size.width, height: size.height });
  }
}

/** `GET /dcap/projectUIConfig/getUIConfig/{id}`: the settings, empty when the project has none yet. */
export async function getUiConfig(deps: ServiceDeps, projectId: number): Promise<UiConfig> {
  return presentUiConfig(projectId, await repo.findUiConfig(deps.db, projectId));
}

/** `POST /dcap/projectUIConfig/saveUIConfig`: a field left out keeps its value, null clears it. */
export async function saveUiConfig(deps: ServiceDeps, caller: ProjectCaller, body: SaveBody): Promise<UiConfig> {
  for (const slot of UI_IMAGE_SLOTS) {
    const image = body[slot];
    if (typeof image === 'string') checkImage(slot, image);
  }
  const projectId = caller.project.project.id;
  return projectWrite(deps, caller, { right: 'project.configure', errorContext: { url: body.loginUrl ?? '' } }, async (trx, audit) => {
    const before = await repo.findUiConfig(trx, projectId);
    if (body.loginUrl) {
      const holder = await repo.findByLoginUrl(trx, body.loginUrl);
      if (holder && holder.project_id !== projectId) throw new AppError('ui.login_url_taken', { url: body.loginUrl });
    }
    const keep = <T>(value: T | undefined, stored: T | null | undefined): T | null => (value === undefined ? (stored ?? null) : value);
    const values: repo.UiConfigValues = {
      login_logo: keep(body.loginLogo, before?.[COLUMN.loginLogo]),
      big_logo: keep(body.bigLogo, before?.[COLUMN.bigLogo]),
      small_logo: keep(body.smallLogo, before?.[COLUMN.smallLogo]),
      background: keep(body.background, before?.[COLUMN.background]),
      footer: keep(body.footer, before?.footer) || null,
      footer_en: keep(body.footerEn, before?.footer_en) || null,
      login_url: keep(body.loginUrl, before?.login_url) || null,
      description: keep(body.description, before?.description) || null,
      notice: keep(body.notice, before?.notice) || null,
      notice_en: keep(body.noticeEn, before?.notice_en) || null,
      updated_by: caller.actor.userId,
    };
    const after = await repo.saveUiConfig(trx, projectId, values, deps.clock.now());
    await audit.change('projectUiConfig', projectId, before ? { kind: 'update', before: auditedUiConfig(before), after: auditedUiConfig(after) } : { kind: 'create', after: auditedUiConfig(after) });
    return presentUiConfig(projectId, after);
  });
}

/** `GET /dcap/projectUIConfig/getUIConfigByUrl/{url}`: the public portal of spec 000 §2.3, no session. */
export async function portalByUrl(deps: ServiceDeps, url: string): Promise<PortalConfig> {
  const row = await repo.findByLoginUrl(deps.db, url);
  if (!row) throw new AppError('portal.not_found');
  return presentPortal(row);
}
