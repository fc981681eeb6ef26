import type { DictOptionsResponse, SaveProjectDictRequest, SaveSysDictRequest, SysDict } from '@dcap/core';
import { AppError, patchedText, canInProject } from '@dcap/core';
import type { ServiceDeps } from '../../../deps.js';
import type { Actor } from '../../../http/context.js';
import { resolveProjectAccess } from '../../projects/access.js';
import type { Caller, ProjectCaller } from '../../../http/context.js';
import { DESIGN_CHANGE, platformWrite, projectWrite } from '../../../http/project-write.js';
import { auditedDict, presentDictEntry, presentSysDict } from '../presenter.js';
import * as repo from './repo.js';

/**
 * The project whose dictionaries join the platform's: the one named, which the caller must be able to view
 * (refused otherwise), or else the session's current project when the caller may view it.
 */
async function dictProject(deps: ServiceDeps, actor: Actor, projectId: number | undefined): Promise<number | null> {
  if (projectId !== undefined) {
    const context = await resolveProjectAccess(deps.db, actor, projectId);
    if (!canInProject(context.access, 'project.view')) throw new AppError('permission.project_forbidden');
    return projectId;
  }
  if (actor.currentProjectId === null) return null;
  try {
    const context = await resolveProjectAccess(deps.db, actor, actor.currentProjectId);
    return canInProject(context.access, 'project.view') ? actor.currentProjectId : null;
  } catch (error) {
    if (error instanceof AppError) return null;
    throw error;
  }
}

/**
 * POST /dcap/project/dict/getDictOptions (spec 001 §7, §3.8): the platform dictionaries, then the project's,
 * each marked with isSysProjectDict.
 */
export async function dictOptions(deps: ServiceDeps, actor: Actor, projectId: number | undefined): Promise<DictOptionsResponse> {
  const project = await dictProject(deps, actor, projectId);
  const platform = await repo.listDicts(deps.db, null);
  const own = project === null ? [] : await repo.listDicts(deps.db, project);
  return { dictList: [...platform, ...own].map(presentDictEntry) };
}

/**
 * POST /dcap/project/dict/save: creates or replaces the project dictionary with this key. A project key may
 * not repeat a platform key, since widgets name a dictionary by key alone (options.dictType).
 */
export async function saveProjectDict(deps: ServiceDeps, caller: ProjectCaller, body: SaveProjectDictRequest): Promise<DictOptionsResponse['dictList'][number]> {
  const projectId = caller.project.project.id;
  return projectWrite(
    deps,
    caller,
    { ...DESIGN_CHANGE, errorContext: { key: body.key } },
    async (trx, audit) => {
      if (await repo.findDictByKey(trx, null, body.key)) throw new AppError('library.dict_key_platform', { key: body.key });
      const before = await repo.findDictByKey(trx, projectId, body.key);
      const values = { value: body.value, value_en: body.valueEn ?? '', items: JSON.stringify(body.items) };
      if (!before) {
        const row = await repo.insertDict(trx, { project_id: projectId, dict_key: body.key, ...values });
        await audit({ action: 'dict.create', entityType: 'dict', entityId: row.id, newValue: auditedDict(row) });
        return presentDictEntry(row);
      }
      // Replacing keeps an English name left out (core patchedText); null clears it.
      const row = await repo.updateDict(trx, before.id, { ...values, value_en: patchedText(before.value_en, body.valueEn), updated_at: deps.clock.now() });
      // Old and new values of what changed only (COMPLIANCE AT-6); a save changing nothing adds no row.
      await audit.change('dict', row.id, { kind: 'update', before: auditedDict(before), after: auditedDict(row) });
      return presentDictEntry(row);
    },
  );
}

export async function deleteProjectDict(deps: ServiceDeps, caller: ProjectCaller, key: string): Promise<{ key: string }> {
  const projectId = caller.project.project.id;
  return projectWrite(deps, caller, DESIGN_CHANGE, async (trx, audit) => {
    const before = await repo.findDictByKey(trx, projectId, key);
    if (!before) throw new AppError('library.dict_not_found', { key });
    await repo.deleteDict(trx, before.id);
    await audit({ action: 'dict.delete', entityType: 'dict', entityId: before.id, oldValue: auditedDict(before) });
    return { key: before.dict_key };
  });
}

/** The dictionaries of the platform (`null`) or of one project, as stored: how other modules (the login response) read them. */
export { listDicts } from './repo.js';

export async function listSysDicts(deps: ServiceDeps, keyword: string | undefined): Promise<SysDict[]> {
  return (await repo.listDicts(deps.db, null, keyword)).map(presentSysDict);
}

export async function saveSysDict(deps: ServiceDeps, caller: Caller, body: SaveSysDictRequest): Promise<SysDict> {
  return platformWrite(
    deps,
    caller,
    async (trx, audit) => {
      const clash = await repo.findDictByKey(trx, null, body.key);
      if (clash && clash.id !== body.id) throw new AppError('library.dict_key_taken', { key: body.key });
      const values = { dict_key: body.key, value: body.value, value_en: body.valueEn ?? '', items: JSON.stringify(body.items) };
      if (body.id === undefined) {
        // A platform key must not shadow a key some project already uses for its own dictionary.
        if (await repo.projectDictWithKey(trx, body.key)) throw new AppError('library.dict_key_taken', { key: body.key });
        const row = await repo.insertDict(trx, { project_id: null, ...values });
        await audit.change('dict', row.id, { kind: 'create', after: auditedDict(row) });
        return presentSysDict(row);
      }
      const before = await repo.findDict(trx, body.id);
      if (before?.project_id !== null) throw new AppError('library.dict_not_found', { key: body.key });
      if (before.dict_key.toLowerCase() !== body.key.toLowerCase() && (await repo.projectDictWithKey(trx, body.key))) {
        throw new AppError('library.dict_key_taken', { key: body.key });
      }
      const row = await repo.updateDict(trx, body.id, { ...values, value_en: patchedText(before.value_en, body.valueEn), updated_at: deps.clock.now() });
      await audit.change('dict', row.id, { kind: 'update', before: auditedDict(before), after: auditedDict(row) });
      return presentSysDict(row);
    },
    { key: body.key },
  );
}

export async function deleteSysDict(deps: ServiceDeps, caller: Caller, id: number): Promise<{ id: number }> {
  return platformWrite(deps, caller, async (trx, audit) => {
    const before = await repo.findDict(trx, id);
    if (before?.project_id !== null) throw new AppError('library.dict_not_found', { key: String(id) });
    await repo.deleteDict(trx, id);
    await audit.change('dict', id, { kind: 'delete', before: auditedDict(before) });
    return { id };
  });
}
