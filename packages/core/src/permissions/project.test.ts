import { describe, expect, it } from 'vitest';
import type { ProjectAccess, ProjectAction, RoleRight } from './project.js';
import { canInProject, inSiteScope, PROJECT_ACTIONS, rightsToFlags, scopeWithin, siteScope } from './project.js';

const none: ProjectAccess = { platformAdmin: false, projectAdmin: false, role: null };
const role = (rights: RoleRight[], sites: 'all' | number[] = 'all', enabled = true): ProjectAccess => ({ ...none, role: { id: 1, enabled, rights, sites } });

/** Who may do what (spec 000 §6); each row lists the personas allowed. */
const MATRIX: Record<ProjectAction, string[]> = {
  'project.view': ['platformAdmin', 'projectAdmin', 'designer', 'rightsManagerAll', 'rightsManagerSite', 'investigator', 'monitor', 'exporter', 'importer', 'unblindedManager', 'statistician', 'siteStatistician', 'randomiser', 'supplyManager', 'sitePharmacist', 'siteDataManager'],
  'project.configure': ['platformAdmin', 'projectAdmin', 'designer', 'unblindedManager', 'statistician'],
  'project.lifecycle': ['platformAdmin', 'projectAdmin', 'unblindedManager'],
  'project.approve': ['platformAdmin'],
  'env.manage': ['platformAdmin', 'projectAdmin', 'designer', 'unblindedManager', 'statistician'],
  'site.manage': ['platformAdmin', 'projectAdmin', 'designer', 'unblindedManager', 'statistician'],
  'role.manage': ['platformAdmin', 'projectAdmin', 'rightsManagerAll', 'unblindedManager'],
  'role.assign': ['platformAdmin', 'projectAdmin', 'rightsManagerAll', 'rightsManagerSite', 'unblindedManager'],
  'design.edit': ['platformAdmin', 'projectAdmin', 'designer', 'unblindedManager', 'statistician'],
  'project.resetProduction': ['platformAdmin', 'projectAdmin', 'unblindedManager'],
  'record.view': ['platformAdmin', 'projectAdmin', 'designer', 'rightsManagerAll', 'rightsManagerSite', 'investigator', 'monitor', 'exporter', 'importer', 'unblindedManager', 'statistician', 'siteStatistician', 'randomiser', 'supplyManager', 'sitePharmacist', 'siteDataManager'],
  'record.enter': ['platformAdmin', 'projectAdmin', 'investigator', 'unblindedManager'],
  'record.verify': ['platformAdmin', 'projectAdmin', 'monitor', 'unblindedManager'],
  'record.review': ['platformAdmin', 'projectAdmin', 'unblindedManager'],
  'record.sign': ['platformAdmin', 'projectAdmin', 'unblindedManager'],
  'record.lock': ['platformAdmin', 'projectAdmin', 'unblindedManager'],
  'record.freeze': ['platformAdmin', 'projectAdmin', 'unblindedManager'],
  'query.raise': ['platformAdmin', 'projectAdmin', 'monitor', 'unblindedManager', 'siteDataManager'],
  'query.answer': ['platformAdmin', 'projectAdmin', 'investigator', 'unblindedManager', 'siteDataManager'],
  'query.handleAll': ['platformAdmin', 'projectAdmin', 'unblindedManager', 'siteDataManager'],
  'subject.decide': ['platformAdmin', 'projectAdmin', 'designer', 'unblindedManager', 'statistician'],
  'data.export': ['platformAdmin', 'projectAdmin', 'exporter', 'unblindedManager'],
  'data.import': ['platformAdmin', 'projectAdmin', 'importer', 'unblindedManager'],
  'randomisation.view': ['platformAdmin', 'projectAdmin', 'unblindedManager', 'statistician', 'siteStatistician', 'randomiser', 'supplyManager', 'sitePharmacist'],
  // A scheme reveals arms and blocks: an unblinded role over every site, never a manager by position alone.
  'randomisation.design': ['unblindedManager', 'statistician'],
  'randomisation.randomise': ['platformAdmin', 'projectAdmin', 'unblindedManager', 'siteStatistician', 'randomiser'],
  'blinding.emergency': ['platformAdmin', 'projectAdmin', 'unblindedManager', 'statistician', 'siteStatistician', 'randomiser'],
  'blinding.study': ['platformAdmin', 'projectAdmin', 'unblindedManager'],
  'supply.view': ['platformAdmin', 'projectAdmin', 'unblindedManager', 'siteStatistician', 'randomiser', 'supplyManager', 'sitePharmacist'],
  'messages.manage': ['platformAdmin', 'projectAdmin', 'designer', 'unblindedManager', 'statistician'],
  'sop.manage': ['platformAdmin', 'projectAdmin', 'designer', 'unblindedManager', 'statistician'],
  'sop.approve': ['platformAdmin', 'projectAdmin', 'unblindedManager'],
  'supply.manage': ['platformAdmin', 'projectAdmin', 'unblindedManager', 'supplyManager'],
  'supply.site': ['platformAdmin', 'projectAdmin', 'unblindedManager', 'siteStatistician', 'randomiser', 'supplyManager', 'sitePharmacist'],
  // Coding (docs/decisions.md "Coding library"): the data manager codes at their sites; choosing the coded
  // fields needs the whole study in scope.
  'record.code': ['platformAdmin', 'projectAdmin', 'unblindedManager', 'siteDataManager'],
  'coding.configure': ['platformAdmin', 'projectAdmin', 'unblindedManager'],
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
  statistician: role(['unblind', 'projectDesignAndSetup']),
  siteStatistician: role(['unblind', 'randomise'], [7]),
  randomiser: role(['randomise'], [7]),
  supplyManager: role(['drugSupply']),
  sitePharmacist: role(['drugSupply'], [7]),
  siteDataManager: role(['handleAllQuery'], [7]),
  unblindedManager: { platformAdmin: false, projectAdmin: true, role: { id: 2, enabled: true, rights: ['unblind'], sites: 'all' } },
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
