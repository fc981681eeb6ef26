import type { CopyTemplateRequest, Instrument, Panel, TemplatePanel } from '@dcap/core';
import { AppError, INSTRUMENT_ABBR_MAX } from '@dcap/core';
import type { ServiceDeps } from '../../deps.js';
import type { Executor } from '../audit/repo.js';
import type { ProjectCaller } from '../../http/context.js';
import { DESIGN_CHANGE, projectWrite } from '../../http/project-write.js';
import { validPanel } from './panel-check.js';
import { auditedInstrument, countFields } from './presenter.js';
import * as repo from './repo.js';
import { copyAbbreviation, presentAll } from './service.js';
import { findTemplateRow } from '../library/templates/service.js';

/** A panel template of the platform library (the panel library select of spec 001 §2.1). */
async function findTemplate(db: Executor, id: number) {
  const row = await findTemplateRow(db, id);
  if (!row) throw new AppError('instrument.template_not_found');
  return row;
}

/** POST /dcap/project/instrument/previewTemplatePanel: a template's panel, to look at before copying. */
export async function previewTemplatePanel(deps: ServiceDeps, templateId: number): Promise<TemplatePanel> {
  const row = await findTemplate(deps.db, templateId);
  return { panel: row.panel as Panel, name: row.name, nameAbbr: row.name_abbr };
}

/**
 * POST /dcap/project/instrument/copyTemplate: a new form instrument whose draft is the template's panel.
 * The template's abbreviation is kept unless taken, in which case a copy suffix makes it unique.
 */
export async function copyTemplate(deps: ServiceDeps, caller: ProjectCaller, body: CopyTemplateRequest): Promise<Instrument> {
  const projectId = caller.project.project.id;
  return projectWrite(
    deps,
    caller,
    { ...DESIGN_CHANGE, errorContext: { nameAbbr: body.nameAbbr ?? '' } },
    async (trx, audit) => {
      const template = await findTemplate(trx, body.templateId);
      // Templates are checked when the library saves them; checking again keeps a bad one out of a study.
      const panel = validPanel(template.panel);
      const taken = await repo.abbreviationsInUse(trx, projectId);
      // A library abbreviation may hold characters an instrument's may not; those become underscores.
      const base = template.name_abbr.replace(/[^A-Za-z0-9_]/g, '_').slice(0, INSTRUMENT_ABBR_MAX) || 'TEMPLATE';
      const nameAbbr = body.nameAbbr ?? (taken.has(base.toLowerCase()) ? copyAbbreviation(base, taken) : base);
      const row = await repo.insertInstrument(trx, {
        project_id: projectId,
        kind: 'form',
        name: body.name ?? template.name,
        name_en: template.name_en,
        name_abbr: nameAbbr,
        description: template.description || null,
        sort: await repo.nextSort(trx, projectId),
        panel: JSON.stringify(panel),
        field_count: countFields(panel),
        updated_at: deps.clock.now(),
        updated_by: caller.actor.username,
      });
      await audit({ action: 'instrument.create', entityType: 'instrument', entityId: row.id, newValue: { ...auditedInstrument(row), templateId: template.id } });
      const created = (await presentAll(trx, projectId)).find((instrument) => instrument.id === row.id);
      if (!created) throw new AppError('instrument.not_found');
      return created;
    },
  );
}
