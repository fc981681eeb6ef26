import type { Locale, Panel, SaveSysTemplateRequest, SysTemplate, SysTemplateDetail, TemplateDetail, TemplatesResponse } from '@dcap/core';
import { AppError, patchedText, validatePanel } from '@dcap/core';
import type { StdTemplateRow } from '../../../db/schema.js';
import type { ServiceDeps } from '../../../deps.js';
import type { Executor } from '../../audit/repo.js';
import type { Caller } from '../../../http/context.js';
import { platformWrite } from '../../../http/project-write.js';
import { auditedTemplate, presentSysTemplate, presentTemplateSummary, storedPanel } from '../presenter.js';
import { listDomainSummaries } from '../standard/service.js';
import * as repo from './repo.js';

/** GET /dcap/project/instrument/templates: spec 001 §7 "template list: data.instruments and data.domains". */
export async function templatesAndDomains(deps: ServiceDeps): Promise<TemplatesResponse> {
  const [templates, domains] = await Promise.all([repo.listTemplates(deps.db), listDomainSummaries(deps)]);
  return { instruments: templates.map(presentTemplateSummary), domains };
}

/** A template with its panel; other modules (copy from template) read templates through this. */
export async function templateDetail(deps: ServiceDeps, id: number): Promise<TemplateDetail> {
  const row = await repo.findTemplate(deps.db, id);
  if (!row) throw new AppError('library.template_not_found');
  return { ...presentTemplateSummary(row), panel: storedPanel(row) };
}

/** A stored template inside the caller's transaction (copying one into a project reads it through this). */
export function findTemplateRow(db: Executor, id: number): Promise<StdTemplateRow | undefined> {
  return repo.findTemplate(db, id);
}

export async function listSysTemplates(deps: ServiceDeps, keyword: string | undefined): Promise<SysTemplate[]> {
  return (await repo.listTemplates(deps.db, keyword)).map(presentSysTemplate);
}

export async function getSysTemplate(deps: ServiceDeps, id: number): Promise<SysTemplateDetail> {
  const row = await repo.findTemplate(deps.db, id);
  if (!row) throw new AppError('library.template_not_found');
  return { ...presentSysTemplate(row), panel: storedPanel(row) };
}

/** A template is a panel like any other: every rule of validatePanel holds, or nothing is saved (422). */
function requireValidPanel(panel: Panel, locale: Locale): void {
  const issues = validatePanel(panel);
  if (issues.length === 0) return;
  throw new AppError(
    'design.panel_invalid',
    { count: issues.length },
    issues.map((issue) => ({ path: `panel.${issue.path}`, message: locale === 'en-US' ? issue.messageEn : issue.message })),
  );
}

export async function saveSysTemplate(deps: ServiceDeps, caller: Caller, body: SaveSysTemplateRequest): Promise<SysTemplateDetail> {
  requireValidPanel(body.panel, caller.meta.locale);
  return platformWrite(
    deps,
    caller,
    async (trx, audit) => {
      const clash = await repo.findTemplateByAbbr(trx, body.nameAbbr);
      if (clash && clash.id !== body.id) throw new AppError('library.template_abbr_taken', { abbr: body.nameAbbr });
      const values = {
        name: body.name,
        name_en: body.nameEn,
        name_abbr: body.nameAbbr,
        description: body.description ?? '',
        description_en: body.descriptionEn ?? '',
        panel: JSON.stringify(body.panel),
      };
      let row;
      if (body.id === undefined) {
        row = await repo.insertTemplate(trx, { ...values, sort: body.sort ?? (await repo.nextTemplateSort(trx)) });
        await audit.change('std_template', row.id, { kind: 'create', after: auditedTemplate(row) });
      } else {
        const before = await repo.findTemplate(trx, body.id);
        if (!before) throw new AppError('library.template_not_found');
        // Partial update (core patchedText): an optional text left out keeps its value, null clears it.
        row = await repo.updateTemplate(trx, body.id, {
          ...values,
          description: patchedText(before.description, body.description),
          description_en: patchedText(before.description_en, body.descriptionEn),
          ...(body.sort === undefined ? {} : { sort: body.sort }),
          updated_at: deps.clock.now(),
        });
        await audit.change('std_template', row.id, { kind: 'update', before: auditedTemplate(before), after: auditedTemplate(row) });
      }
      return { ...presentSysTemplate(row), panel: storedPanel(row) };
    },
    { abbr: body.nameAbbr },
  );
}

export async function deleteSysTemplate(deps: ServiceDeps, caller: Caller, id: number): Promise<{ id: number }> {
  return platformWrite(deps, caller, async (trx, audit) => {
    const before = await repo.findTemplate(trx, id);
    if (!before) throw new AppError('library.template_not_found');
    await repo.deleteTemplate(trx, id);
    await audit.change('std_template', id, { kind: 'delete', before: auditedTemplate(before) });
    return { id };
  });
}
