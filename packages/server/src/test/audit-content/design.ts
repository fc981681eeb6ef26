import { samplePanel, textWidget } from '../../modules/instruments/design.fixture.js';
import { ok } from '../../modules/roles/study.fixture.js';
import { expect } from 'vitest';
import type { Fixture } from '../audit-content.routes.js';
import { template } from './libraries.js';
import type { Write } from './write.js';

/** Study design: instruments and their panels, visits, the matrix and publishing. */
export const DESIGN_WRITES: Record<string, Write> = {
  // Instruments and panels
  'POST /dcap/project/instrument/save': {
    call: async (f) => {
      const id = await instrument(f);
      return { method: 'POST', url: '/dcap/project/instrument/save', body: { projectId: f.projectId, id, name: '改名', nameAbbr: `REN${f.counter()}`, description: '说明' } };
    },
    audit: { action: 'instrument.update', old: { description: null }, new: { name: '改名', description: '说明' } },
  },
  'POST /dcap/project/instrument/copyTemplate': {
    call: async (f) => ({ method: 'POST', url: '/dcap/project/instrument/copyTemplate', body: { projectId: f.projectId, templateId: await template(f), nameAbbr: `TPL${f.counter()}` } }),
    audit: { action: 'instrument.create', old: null, new: { kind: 'form', fieldCount: 5 } },
  },
  'POST /dcap/project/instrument/delete': {
    call: async (f) => ({ method: 'POST', url: '/dcap/project/instrument/delete', body: { projectId: f.projectId, id: await instrument(f) } }),
    audit: { action: 'instrument.delete', old: { kind: 'form', panel: { list: [] }, eventIds: [] }, new: null },
  },
  'POST /dcap/project/instrument/sort': {
    call: async (f) => {
      const list = ok(await f.study.t.call('GET', `/dcap/project/instrument/list/${f.projectId}`, { token: f.pm.token })) as { id: number }[];
      return { method: 'POST', url: '/dcap/project/instrument/sort', body: { projectId: f.projectId, ids: list.map((i) => i.id).reverse() } };
    },
    audit: { action: 'instrument.sort', old: { order: expect.any(Array) as unknown }, new: { order: expect.any(Array) as unknown } },
  },
  'GET /dcap/project/instrument/copy/:id': {
    call: async (f) => ({ method: 'GET', url: `/dcap/project/instrument/copy/${await instrument(f)}?projectId=${f.projectId}` }),
    audit: { action: 'instrument.copy', old: null, new: { copiedFrom: expect.any(Number) as unknown } },
  },
  'POST /dcap/project/instrument/upload': {
    call: (f) => ({
      method: 'POST',
      url: '/dcap/project/instrument/upload',
      body: { projectId: f.projectId, mode: 'append', file: { format: 'dcap-instruments', version: 1, instruments: [{ name: '上传', nameAbbr: 'UPLOADED', panel: samplePanel() }] } },
    }),
    audit: { action: 'instrument.upload', old: null, new: { mode: 'append', created: [{ name: '上传', nameAbbr: 'UPLOADED', panel: { list: expect.any(Array) as unknown } }] } },
  },
  'POST /dcap/project/field/saveAllCfg': {
    call: async (f) => ({ method: 'POST', url: `/dcap/project/field/saveAllCfg?projectId=${f.projectId}`, body: { instrumentId: await instrument(f), ...samplePanel() } }),
    audit: { action: 'instrument.panel.save', old: { revision: 0, widgets: { INITIALS: null } }, new: { revision: 1, widgets: { INITIALS: { key: 'INITIALS', name: '姓名缩写' } } } },
  },
  'POST /dcap/project/field/saveCfg': {
    call: async (f) => {
      const id = await instrument(f);
      ok(await f.study.t.call('POST', `/dcap/project/field/saveAllCfg?projectId=${f.projectId}`, { token: f.pm.token, body: { instrumentId: id, ...samplePanel() } }));
      return { method: 'POST', url: `/dcap/project/field/saveCfg?projectId=${f.projectId}`, body: { instrumentId: id, widget: textWidget('INITIALS', '缩写', 'Initials') } };
    },
    // Per widget: its settings before and after, not only which keys changed.
    audit: {
      action: 'instrument.panel.save',
      old: { revision: 1, widgets: { INITIALS: { key: 'INITIALS', name: '姓名缩写' } } },
      new: { revision: 2, changed: ['INITIALS'], widgets: { INITIALS: { key: 'INITIALS', name: '缩写' } } },
    },
  },
  'POST /dcap/project/externalInstrument/saveFieldCfg': {
    call: async (f) => ({
      method: 'POST',
      url: `/dcap/project/externalInstrument/saveFieldCfg?projectId=${f.projectId}`,
      body: { instrumentId: await instrument(f, 'external'), list: [textWidget('EXT', '外部')], config: EMPTY_PANEL.config },
    }),
    audit: { action: 'instrument.panel.save', old: { widgets: { EXT: null } }, new: { widgets: { EXT: { key: 'EXT', name: '外部' } } } },
  },
  'POST /dcap/project/derivedInstrument/saveFieldCfg': {
    call: async (f) => ({
      method: 'POST',
      url: `/dcap/project/derivedInstrument/saveFieldCfg?projectId=${f.projectId}`,
      body: { instrumentId: await instrument(f, 'derived'), list: [], config: { labelWidth: 6, labelPosition: 'right' } },
    }),
    audit: { action: 'instrument.panel.save', old: { widgets: {}, layout: { labelWidth: 8 } }, new: { widgets: {}, layout: { labelWidth: 6 } } },
  },

  // Events and the matrix
  'POST /dcap/project/event/save': {
    call: async (f) => ({ method: 'POST', url: '/dcap/project/event/save', body: { projectId: f.projectId, id: await event(f), name: `访视 ${f.counter()}`, type: 'TREATMENT', offsetDays: 14 } }),
    audit: { action: 'event.update', old: { offsetDays: 7 }, new: { offsetDays: 14 } },
  },
  'POST /dcap/project/event/delete': {
    call: async (f) => ({ method: 'POST', url: '/dcap/project/event/delete', body: { projectId: f.projectId, id: await event(f) } }),
    audit: { action: 'event.delete', old: { type: 'TREATMENT', offsetDays: 7, instrumentIds: [] }, new: null },
  },
  'POST /dcap/project/event/sort': {
    call: async (f) => {
      await event(f);
      const list = ok(await f.study.t.call('GET', `/dcap/project/event/list/${f.projectId}`, { token: f.pm.token })) as { id: number }[];
      return { method: 'POST', url: '/dcap/project/event/sort', body: { projectId: f.projectId, ids: list.map((e) => e.id).reverse() } };
    },
    audit: { action: 'event.sort', old: { order: expect.any(Array) as unknown }, new: { order: expect.any(Array) as unknown } },
  },
  'POST /dcap/project/eventInstrument/saveMatrix': {
    call: async (f) => ({ method: 'POST', url: '/dcap/project/eventInstrument/saveMatrix', body: { projectId: f.projectId, cells: [{ eventId: await event(f), instrumentId: await instrument(f) }] } }),
    audit: { action: 'event.matrix.save', old: { removed: [] }, new: { added: [expect.objectContaining({ eventId: expect.any(Number) as unknown })] } },
  },
  'POST /dcap/project/design/publish': {
    call: (f) => ({ method: 'POST', url: '/dcap/project/design/publish', body: { projectId: f.projectId, target: 'uat' } }),
    audit: { action: 'design.publish', old: { target: 'uat', version: null }, new: { target: 'uat', version: 1, changes: expect.any(Array) as unknown } },
  },
  // The spec's name for the same publishing, after it: the unchanged draft is published again as version 1.
  'POST /dcap/project/publish': {
    call: (f) => ({ method: 'POST', url: '/dcap/project/publish', body: { projectId: f.projectId, target: 'uat' } }),
    audit: { action: 'design.publish', old: { target: 'uat', version: 1 }, new: { target: 'uat', version: 1 } },
  },

};

const EMPTY_PANEL = { list: [], config: { labelWidth: 8, labelPosition: 'right' } };

async function instrument(f: Fixture, kind: 'form' | 'external' | 'derived' = 'form'): Promise<number> {
  const n = f.counter();
  const reply = ok(
    await f.study.t.call('POST', '/dcap/project/instrument/save', { token: f.pm.token, body: { projectId: f.projectId, kind, name: `表单 ${n}`, nameAbbr: `AC${n}` } }),
  ) as { id: number };
  return reply.id;
}

async function event(f: Fixture): Promise<number> {
  const n = f.counter();
  return (ok(await f.study.t.call('POST', '/dcap/project/event/save', { token: f.pm.token, body: { projectId: f.projectId, name: `访视 ${n}`, type: 'TREATMENT', offsetDays: 7 } })) as { id: number }).id;
}
