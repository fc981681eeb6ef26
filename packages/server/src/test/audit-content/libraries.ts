import { samplePanel, textWidget } from '../../modules/instruments/design.fixture.js';
import { ok } from '../../modules/roles/study.fixture.js';
import { expect } from 'vitest';
import type { Fixture } from '../audit-content.routes.js';
import type { Write } from './write.js';

/** The platform libraries (standard fields and domains, panel templates, dictionaries, derived fields) and project dictionaries. */
export const LIBRARY_WRITES: Record<string, Write> = {
  // Libraries
  'POST /dcap/sys/standardField/save': {
    call: async (f) => ({
      method: 'POST',
      url: '/dcap/sys/standardField/save',
      body: { id: await standardField(f), domain: 'DM', fieldName: `ACF${f.counter()}`, fieldLabel: '变量', fieldLabelEn: 'Variable', fieldAnnotation: null, widget: textWidget('X', '变量') },
    }),
    audit: { action: 'std_field.update', old: { fieldAnnotation: 'note' }, new: { fieldAnnotation: '' } },
  },
  'POST /dcap/sys/standardField/delete': {
    call: async (f) => ({ method: 'POST', url: '/dcap/sys/standardField/delete', body: { id: await standardField(f) } }),
    audit: { action: 'std_field.delete', old: { fieldLabel: '变量' }, new: null },
  },
  'POST /dcap/sys/standardDomain/save': {
    call: () => ({ method: 'POST', url: '/dcap/sys/standardDomain/save', body: { domain: 'DM', description: '人口学', descriptionEn: 'Demographics (edited)' } }),
    audit: { action: 'std_domain.update', old: { descriptionEn: expect.any(String) as unknown }, new: { descriptionEn: 'Demographics (edited)' } },
  },
  'POST /dcap/sys/standardDomain/delete': {
    call: async (f) => {
      ok(await f.study.t.call('POST', '/dcap/sys/standardDomain/save', { token: f.admin.token, body: { domain: 'ACX', description: '空域', descriptionEn: 'Empty' } }));
      return { method: 'POST', url: '/dcap/sys/standardDomain/delete', body: { domain: 'ACX' } };
    },
    audit: { action: 'std_domain.delete', old: { description: '空域', descriptionEn: 'Empty' }, new: null },
  },
  'POST /dcap/sys/standardInstrument/save': {
    call: async (f) => ({ method: 'POST', url: '/dcap/sys/standardInstrument/save', body: { id: await template(f), name: '模板二', nameEn: 'Template', nameAbbr: `ACT${f.counter()}`, panel: samplePanel() } }),
    audit: { action: 'std_template.update', old: { name: '模板' }, new: { name: '模板二' } },
  },
  'POST /dcap/sys/standardInstrument/delete': {
    call: async (f) => ({ method: 'POST', url: '/dcap/sys/standardInstrument/delete', body: { id: await template(f) } }),
    audit: { action: 'std_template.delete', old: { name: '模板' }, new: null },
  },
  'POST /dcap/project/dict/save': {
    call: async (f) => {
      const key = `ACPD${f.counter()}`;
      ok(await f.study.t.call('POST', '/dcap/project/dict/save', { token: f.pm.token, body: { projectId: f.projectId, key, value: '项目字典', valueEn: 'Project dict', items } }));
      return { method: 'POST', url: '/dcap/project/dict/save', body: { projectId: f.projectId, key, value: '项目字典', valueEn: null, items } };
    },
    audit: { action: 'dict.update', old: { valueEn: 'Project dict' }, new: { valueEn: '' } },
  },
  'POST /dcap/project/dict/delete': {
    call: async (f) => {
      const key = `ACPD${f.counter()}`;
      ok(await f.study.t.call('POST', '/dcap/project/dict/save', { token: f.pm.token, body: { projectId: f.projectId, key, value: '项目字典', items } }));
      return { method: 'POST', url: '/dcap/project/dict/delete', body: { projectId: f.projectId, key } };
    },
    audit: { action: 'dict.delete', old: { value: '项目字典' }, new: null },
  },
  'POST /dcap/sys/dict/save': {
    call: async (f) => {
      const dict = await sysDict(f);
      return { method: 'POST', url: '/dcap/sys/dict/save', body: { id: dict.id, key: dict.key, value: '字典二', items } };
    },
    audit: { action: 'dict.update', old: { value: '字典' }, new: { value: '字典二' } },
  },
  'POST /dcap/sys/dict/delete': {
    call: async (f) => ({ method: 'POST', url: '/dcap/sys/dict/delete', body: { id: (await sysDict(f)).id } }),
    audit: { action: 'dict.delete', old: { value: '字典' }, new: null },
  },
  'POST /dcap/sys/derivedField/save': {
    call: async (f) => ({
      method: 'POST',
      url: '/dcap/sys/derivedField/save',
      body: {
        id: await derived(f),
        group: 'CONTINUOUS_VARIABLES',
        fieldName: `ACD${f.counter()}`,
        fieldLabel: '派生二',
        fieldLabelEn: 'Derived',
        expression: '2 + 2',
        widget: { type: 'number', key: 'X', model: 'X', name: '派生', options: {} },
      },
    }),
    audit: { action: 'derived_field.update', old: { fieldLabel: '派生', expression: '1 + 1' }, new: { fieldLabel: '派生二', expression: '2 + 2' } },
  },
  'POST /dcap/sys/derivedField/delete': {
    call: async (f) => ({ method: 'POST', url: '/dcap/sys/derivedField/delete', body: { id: await derived(f) } }),
    audit: { action: 'derived_field.delete', old: { fieldLabel: '派生' }, new: null },
  },
};

async function standardField(f: Fixture): Promise<number> {
  const n = f.counter();
  return (
    ok(
      await f.study.t.call('POST', '/dcap/sys/standardField/save', {
        token: f.admin.token,
        body: { domain: 'DM', fieldName: `ACF${n}`, fieldLabel: '变量', fieldLabelEn: 'Variable', fieldAnnotation: 'note', widget: textWidget('X', '变量') },
      }),
    ) as { id: number }
  ).id;
}

export async function template(f: Fixture): Promise<number> {
  const n = f.counter();
  return (
    ok(
      await f.study.t.call('POST', '/dcap/sys/standardInstrument/save', {
        token: f.admin.token,
        body: { name: '模板', nameEn: 'Template', nameAbbr: `ACT${n}`, description: 'old', panel: samplePanel() },
      }),
    ) as { id: number }
  ).id;
}

async function derived(f: Fixture): Promise<number> {
  const n = f.counter();
  return (
    ok(
      await f.study.t.call('POST', '/dcap/sys/derivedField/save', {
        token: f.admin.token,
        body: {
          group: 'CONTINUOUS_VARIABLES',
          fieldName: `ACD${n}`,
          fieldLabel: '派生',
          fieldLabelEn: 'Derived',
          expression: '1 + 1',
          description: 'old',
          widget: { type: 'number', key: 'X', model: 'X', name: '派生', options: {} },
        },
      }),
    ) as { id: number }
  ).id;
}

async function sysDict(f: Fixture): Promise<{ id: number; key: string }> {
  const key = `ACDICT${f.counter()}`;
  const row = ok(await f.study.t.call('POST', '/dcap/sys/dict/save', { token: f.admin.token, body: { key, value: '字典', valueEn: 'Dict', items: [{ key: '1', value: '1', label: '是' }] } })) as { id: number };
  return { id: row.id, key };
}

const items = [{ key: '1', value: '1', label: '是' }];
