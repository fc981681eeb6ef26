import { describe, expect, it } from 'vitest';
import { auditProcesses, initResponseSchema, PROJECT_ROLE_TEMPLATES, SITE_ROLE_TEMPLATES } from '@dcap/core';
import { makeProjectInit, makeSessionRole, MEMBER } from '../test/fixtures';
import { auditStepsOf, dictionaryOf, roleTemplatesOf } from './system';

/** The login response as the server sends it for a project using verification and signature (spec 000 §3, §6). */
function serverInit(rights: Parameters<typeof makeSessionRole>[2]) {
  const roles = [makeSessionRole(3, 'CRA', rights)];
  const wire = {
    ...makeProjectInit(MEMBER, { roles, roleId: 3 }),
    ...auditProcesses(['verify', 'sign']),
    dictMap: { SEVERITY: { key: 'SEVERITY', value: '严重程度', valueEn: 'Severity', isSysProjectDict: false, items: [{ key: '1', value: '1', label: '轻' }] } },
    projRoles: PROJECT_ROLE_TEMPLATES.map((template) => ({ ...template, rights: [...template.rights] })),
    siteRoles: SITE_ROLE_TEMPLATES.map((template) => ({ ...template, rights: [...template.rights] })),
  };
  // The web reads it through core's schema, as useInitQuery does.
  return initResponseSchema.parse(JSON.parse(JSON.stringify(wire)));
}

describe('the login response’s process, dictionaries and templates', () => {
  it('lists the project’s audit steps in order, with what the session’s role may perform', () => {
    const steps = auditStepsOf(serverInit(['verify']));
    expect(steps.map((step) => [step.code, step.order, step.mayPerform])).toEqual([
      ['verify', 1, true],
      ['sign', 2, false],
    ]);
    expect(auditStepsOf(serverInit(['locked'])).map((step) => step.mayPerform)).toEqual([false, true]);
  });

  it('finds dictionaries by key and offers project or site role templates', () => {
    const init = serverInit([]);
    expect(dictionaryOf(init, 'SEVERITY')?.valueEn).toBe('Severity');
    expect(dictionaryOf(init, 'MISSING')).toBeNull();
    expect(roleTemplatesOf(init, 'project').map((template) => template.code)).toContain('CRA');
    expect(roleTemplatesOf(init, 'site').every((template) => template.scope === 'site')).toBe(true);
  });

  it('refuses a process entry the schema does not know', () => {
    const wire = { ...makeProjectInit(MEMBER), auditProcList: [{ code: 'approve', enabled: true, order: 1, right: 'x', name: 'x', nameEn: 'x' }] };
    expect(initResponseSchema.safeParse(wire).success).toBe(false);
  });
});
