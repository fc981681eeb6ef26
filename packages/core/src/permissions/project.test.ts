import { describe, expect, it } from 'vitest';
import type { ProjectAccess, ProjectAction, RoleRight } from './project.js';
import { canInProject, inSiteScope, PROJECT_ACTIONS, rightsToFlags, scopeWithin, siteScope } from './project.js';

const none: ProjectAccess = { platformAdmin: false, projectAdmin: false, role: null };
const role = (rights: RoleRight[], sites: 'all' | number[] = 'all', enabled = true): ProjectAccess => ({ ...none, role: { id: 1, enabled, rights, sites } });

/** Who may do what (spec 000 §6); each row lists the personas allowed. */
const MATRIX: Record<ProjectAction, string[]> = {
  'project.view': ['platformAdmin', 'projectAdmin', 'designer', 'rightsManagerAll', 'rightsManagerSite', 'investigator', 'monitor', 'exporter', 'importer'],
  'project.configure': ['platformAdmin', 'projectAdmin', 'designer'],
  'project.lifecycle': ['platformAdmin', 'projectAdmin'],
  'project.approve': ['platformAdmin'],
  'env.manage': ['platformAdmin', 'projectAdmin', 'designer'],
  'site.manage': ['platformAdmin', 'projectAdmin', 'designer'],
  'role.manage': ['platformAdmin', 'projectAdmin', 'rightsManagerAll'],
  'role.assign': ['platformAdmin', 'projectAdmin', 'rightsManagerAll', 'rightsManagerSite'],
  'design.edit': ['platformAdmin', 'projectAdmin', 'designer'],
  'project.resetProduction': ['platformAdmin', 'projectAdmin'],
  'record.view': ['platformAdmin', 'projectAdmin', 'designer', 'rightsManagerAll', 'rightsManagerSite', 'investigator', 'monitor', 'exporter', 'importer'],
  'record.enter': ['platformAdmin', 'projectAdmin', 'investigator'],
  'record.verify': ['platformAdmin', 'projectAdmin', 'monitor'],
  'record.review': ['platformAdmin', 'projectAdmin'],
  'record.sign': ['platformAdmin', 'projectAdmin'],
  'record.lock': ['platformAdmin', 'projectAdmin'],
  'record.freeze': ['platformAdmin', 'projectAdmin'],
  'query.raise': ['platformAdmin', 'projectAdmin', 'monitor'],
  'query.answer': ['platformAdmin', 'projectAdmin', 'investigator'],
  'query.handleAll': ['platformAdmin', 'projectAdmin'],
  'subject.decide': ['platformAdmin', 'projectAdmin', 'designer'],
  'data.export': ['platformAdmin', 'projectAdmin', 'exporter'],
  'data.import': ['platformAdmin', 'projectAdmin', 'importer'],
};

const PERSONAS: Record<string, ProjectAccess> = {
  platformAdmin: { ...none, platformAdmin: true },
  projectAdmin: { ...none, projectAdmin: true },
  designer: role(['projectDesignAndSetup']),
  rightsManagerAll: role(['userRightsManagement']),
  rightsManagerSite: role(['userRightsManagement'], [7]),
  investigator: role(['dataEntryRights', 'answerQuery'], [7]),
  monitor: role(['verify', 'query'], [7, 8]),
  exporter: role(['export'], [7]),
  importer: role(['import'], [8]),
  disabledDesigner: role(['projectDesignAndSetup'], 'all', false),
  stranger: none,
};

describe('project rights (spec 000 §6)', () => {
  for (const action of PROJECT_ACTIONS) {
    it.each(Object.keys(PERSONAS))(`${action} for %s`, (persona) => {
      expect(canInProject(PERSONAS[persona] as ProjectAccess, action)).toBe(MATRIX[action].includes(persona));
    });
  }

  it('limits site scope to the active role, and gives none for a disabled role', () => {
    expect(siteScope(PERSONAS.projectAdmin as ProjectAccess)).toBe('all');
    expect(siteScope(PERSONAS.investigator as ProjectAccess)).toEqual([7]);
    expect(siteScope(PERSONAS.disabledDesigner as ProjectAccess)).toEqual([]);
    expect(inSiteScope([7], 8)).toBe(false);
    expect(inSiteScope('all', 8)).toBe(true);
  });

  it('never lets a delegated scope exceed the granter’s', () => {
    expect(scopeWithin([7], 'all')).toBe(true);
    expect(scopeWithin([7], [7, 8])).toBe(true);
    expect(scopeWithin([7, 9], [7, 8])).toBe(false);
    expect(scopeWithin('all', [7])).toBe(false);
  });

  it('shows rights as the spec’s boolean flags', () => {
    expect(rightsToFlags(['verify'])).toMatchObject({ verify: true, review: false, projectDesignAndSetup: false });
  });
});
