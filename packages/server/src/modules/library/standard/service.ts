import type {
  SaveSysStandardDomainRequest,
  SaveSysStandardFieldRequest,
  StandardDomainFields,
  StandardDomainPanel,
  StandardDomainSummary,
  SysStandardDomain,
  SysStandardField,
  Widget,
} from '@dcap/core';
import { AppError, patchedText, DEFAULT_LABEL_COL, DEFAULT_LABEL_POSITION } from '@dcap/core';
import type { ServiceDeps } from '../../../deps.js';
import type { Caller } from '../../../http/context.js';
import { platformWrite } from '../../../http/project-write.js';
import { auditedStandardField, presentDomain, presentStandardField, presentSysStandardField, storedWidget } from '../presenter.js';
import * as repo from './repo.js';

/** Spec 001 §2.1 standard-domain select: each domain with its variable count and description. */
export async function listDomainSummaries(deps: ServiceDeps): Promise<StandardDomainSummary[]> {
  return (await repo.listDomains(deps.db)).map((row) => presentDomain(row, row.count));
}

/** GET /dcap/standard/fields: the variable select grouped by domain (spec 001 §2.1, §3.8 Domain). */
export async function listStandardFields(deps: ServiceDeps): Promise<StandardDomainFields[]> {
  const [domains, fields] = await Promise.all([repo.listDomains(deps.db), repo.listFields(deps.db)]);
  return domains.map((domain) => ({
    ...presentDomain(domain, domain.count),
    fields: fields.filter((field) => field.domain === domain.code).map(presentStandardField),
  }));
}

/** GET /dcap/standard/domain: spec 001 §7 "fetch by domain: returns a form" of every variable's widget. */
export async function domainPanel(deps: ServiceDeps, code: string): Promise<StandardDomainPanel> {
  if (!(await repo.findDomain(deps.db, code))) throw new AppError('library.domain_not_found', { domain: code });
  const fields = await repo.listFields(deps.db, { domain: code });
  return { domain: code, panel: { list: fields.map(storedWidget), config: { labelWidth: DEFAULT_LABEL_COL, labelPosition: DEFAULT_LABEL_POSITION } } };
}

/** GET /dcap/standard/field/:id: spec 001 §7 "fetch a domain field by id: returns a widget". */
export async function fieldWidget(deps: ServiceDeps, id: number): Promise<{ widget: Widget }> {
  const row = await repo.findField(deps.db, id);
  if (!row) throw new AppError('library.field_not_found');
  return { widget: storedWidget(row) };
}

export async function listSysFields(deps: ServiceDeps, filter: { domain?: string | undefined; keyword?: string | undefined }): Promise<SysStandardField[]> {
  return (await repo.listFields(deps.db, filter)).map(presentSysStandardField);
}

/**
 * The stored widget carries the variable's identity: key and model are the variable name (so it inserts
 * under the name it is exported as), the labels are the variable's, options.domain its domain.
 */
function variableWidget(body: SaveSysStandardFieldRequest): Widget {
  return {
    ...body.widget,
    key: body.fieldName,
    model: body.fieldName,
    name: body.fieldLabel,
    nameEn: body.fieldLabelEn,
    options: { ...body.widget.options, domain: body.domain },
  };
}

export async function saveSysField(deps: ServiceDeps, caller: Caller, body: SaveSysStandardFieldRequest): Promise<SysStandardField> {
  return platformWrite(
    deps,
    caller,
    async (trx, audit) => {
      if (!(await repo.findDomain(trx, body.domain))) throw new AppError('library.domain_not_found', { domain: body.domain });
      const clash = await repo.findFieldByName(trx, body.fieldName);
      if (clash && clash.id !== body.id) throw new AppError('library.field_name_taken', { name: body.fieldName });
      const values = {
        domain: body.domain,
        field_name: body.fieldName,
        field_label: body.fieldLabel,
        field_label_en: body.fieldLabelEn,
        field_annotation: body.fieldAnnotation ?? '',
        instruction: body.instruction ?? '',
        instruction_en: body.instructionEn ?? '',
        widget: JSON.stringify(variableWidget(body)),
      };
      if (body.id === undefined) {
        const row = await repo.insertField(trx, { ...values, sort: body.sort ?? (await repo.nextFieldSort(trx, body.domain)) });
        await audit.change('std_field', row.id, { kind: 'create', after: auditedStandardField(row) });
        return presentSysStandardField(row);
      }
      const before = await repo.findField(trx, body.id);
      if (!before) throw new AppError('library.field_not_found');
      // Partial update (core patchedText): an optional text left out keeps its value, null clears it.
      const row = await repo.updateField(trx, body.id, {
        ...values,
        field_annotation: patchedText(before.field_annotation, body.fieldAnnotation),
        instruction: patchedText(before.instruction, body.instruction),
        instruction_en: patchedText(before.instruction_en, body.instructionEn),
        ...(body.sort === undefined ? {} : { sort: body.sort }),
        updated_at: deps.clock.now(),
      });
      await audit.change('std_field', row.id, { kind: 'update', before: auditedStandardField(before), after: auditedStandardField(row) });
      return presentSysStandardField(row);
    },
    { name: body.fieldName },
  );
}

export async function deleteSysField(deps: ServiceDeps, caller: Caller, id: number): Promise<{ id: number }> {
  return platformWrite(deps, caller, async (trx, audit) => {
    const before = await repo.findField(trx, id);
    if (!before) throw new AppError('library.field_not_found');
    await repo.deleteField(trx, id);
    await audit.change('std_field', id, { kind: 'delete', before: auditedStandardField(before) });
    return { id };
  });
}

export async function listSysDomains(deps: ServiceDeps): Promise<SysStandardDomain[]> {
  return (await repo.listDomains(deps.db)).map((row) => ({ ...presentDomain(row, row.count), sort: row.sort }));
}

/** Creates the domain, or updates its descriptions and order when the code exists. */
export async function saveSysDomain(deps: ServiceDeps, caller: Caller, body: SaveSysStandardDomainRequest): Promise<SysStandardDomain> {
  return platformWrite(deps, caller, async (trx, audit) => {
    const before = await repo.findDomain(trx, body.domain);
    const values = { description: body.description, description_en: body.descriptionEn };
    const audited = (row: { description: string; description_en: string; sort: number }) => ({ description: row.description, descriptionEn: row.description_en, sort: row.sort });
    let row;
    if (before) {
      row = await repo.updateDomain(trx, body.domain, { ...values, ...(body.sort === undefined ? {} : { sort: body.sort }), updated_at: deps.clock.now() });
      await audit.change('std_domain', row.code, { kind: 'update', before: audited(before), after: audited(row) });
    } else {
      const top = (await repo.listDomains(trx)).reduce((max, domain) => Math.max(max, domain.sort), 0);
      row = await repo.insertDomain(trx, { code: body.domain, ...values, sort: body.sort ?? top + 10 });
      await audit.change('std_domain', row.code, { kind: 'create', after: audited(row) });
    }
    return { ...presentDomain(row, await repo.countDomainFields(trx, row.code)), sort: row.sort };
  });
}

/** A domain is deleted only once it holds no variables, so no variable loses its domain by accident. */
export async function deleteSysDomain(deps: ServiceDeps, caller: Caller, code: string): Promise<{ domain: string }> {
  return platformWrite(deps, caller, async (trx, audit) => {
    const before = await repo.findDomain(trx, code);
    if (!before) throw new AppError('library.domain_not_found', { domain: code });
    const count = await repo.countDomainFields(trx, code);
    if (count > 0) throw new AppError('library.domain_not_empty', { domain: code, count });
    await repo.deleteDomain(trx, code);
    await audit.change('std_domain', code, { kind: 'delete', before: { description: before.description, descriptionEn: before.description_en, sort: before.sort } });
    return { domain: code };
  });
}
