import { describe, expect, it } from 'vitest';
import { ROLE_RIGHTS } from '../permissions/project.js';
import { SITE_INVESTIGATOR_RIGHTS, siteInvestigatorRole } from './rules.js';
import { PROJECT_ROLE_TEMPLATES, roleTemplate, roleTemplateSchema, SITE_ROLE_TEMPLATES } from './templates.js';

describe('role templates (spec 000 §3: projRoles, project role templates; siteRoles, site role templates)', () => {
  it('are valid, uniquely coded, and scoped as their list says', () => {
    const all = [...PROJECT_ROLE_TEMPLATES, ...SITE_ROLE_TEMPLATES];
    expect(new Set(all.map((template) => template.code)).size).toBe(all.length);
    for (const template of all) {
      expect(roleTemplateSchema.safeParse({ ...template, rights: [...template.rights] }).success, template.code).toBe(true);
      expect(template.rights.every((right) => ROLE_RIGHTS.includes(right))).toBe(true);
    }
    expect(PROJECT_ROLE_TEMPLATES.every((template) => template.scope === 'project')).toBe(true);
    expect(SITE_ROLE_TEMPLATES.every((template) => template.scope === 'site')).toBe(true);
  });

  it('gives the auto-created site investigator role the PI template’s rights', () => {
    expect(SITE_INVESTIGATOR_RIGHTS).toEqual(roleTemplate('PI')?.rights);
    expect(siteInvestigatorRole({ code: 'S01', name: '协和', eName: null }).rights).toEqual(['dataEntryRights', 'answerQuery', 'locked']);
    // Only site roles enter data; the monitor verifies and the data manager reviews (spec 000 §6 audit flags).
    expect(roleTemplate('CRA')?.rights).toContain('verify');
    expect(roleTemplate('DM')?.rights).toContain('review');
  });
});
