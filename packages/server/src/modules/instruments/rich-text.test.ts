import type { Panel, Widget } from '@dcap/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN } from '../../test/harness.js';
import { ok } from '../roles/study.fixture.js';
import type { DesignTeam } from './design.fixture.js';
import { createInstrument, designTeam, post, samplePanel } from './design.fixture.js';

/**
 * Rich text is cleaned on the server before it is stored (docs/decisions.md, "Rich text"): an API client
 * that skips the designer's editor still cannot store markup another client would run.
 */
let team: DesignTeam;
beforeAll(async () => {
  team = await designTeam('RTX');
});
afterAll(() => team.study.t.close());

const ATTACK =
  '<p>Fast <b>8 hours</b>.</p><img src=x onerror=alert(1)><script>alert(2)</script>' +
  '<a href="javascript:alert(3)" onclick="alert(4)">more</a><iframe src="https://evil.example"></iframe>' +
  '<a href="https://example.org" target="_blank" rel="noopener noreferrer">protocol</a>';
const CLEAN = '<p>Fast <b>8 hours</b>.</p><a>more</a><a href="https://example.org" target="_blank" rel="noopener noreferrer">protocol</a>';

function note(key: string): Widget {
  return { type: 'richeditor', key, model: key, name: '说明', nameEn: 'Note', options: { content: ATTACK, contentEn: ATTACK } };
}

function panelWithNote(key: string): Panel {
  const panel = samplePanel();
  const grid = panel.list.find((widget) => widget.type === 'grid');
  // One note on the panel and one inside a grid column.
  const column = (grid?.options.columns as { list: Widget[] }[] | undefined)?.[1];
  column?.list.push(note(`${key}_IN_GRID`));
  return { ...panel, list: [...panel.list, note(key)] };
}

/** Every rich-text content stored in a JSON column, wherever the widget sits. */
function storedNotes(json: unknown): string[] {
  const found: string[] = [];
  JSON.stringify(json, (name, value: unknown) => {
    if (typeof value === 'object' && value !== null && (value as { type?: unknown }).type === 'richeditor') {
      const { content, contentEn } = (value as { options: { content?: string; contentEn?: string } }).options;
      found.push(content ?? '', contentEn ?? '');
    }
    return value;
  });
  return found;
}

async function storedDraft(instrumentId: number): Promise<unknown> {
  const row = await team.study.t.database.db.selectFrom('instruments').select('panel').where('id', '=', instrumentId).executeTakeFirstOrThrow();
  return row.panel;
}

describe('rich text stored through the API is cleaned', () => {
  it('cleans a panel save: no image handler, script, javascript: link or frame is stored', async () => {
    const instrument = await createInstrument(team, 'NOTE');
    ok(await post(team, team.designer, '/dcap/project/field/saveAllCfg', { instrumentId: instrument.id, ...panelWithNote('NOTE1') }));
    const notes = storedNotes(await storedDraft(instrument.id));
    expect(notes).toEqual([CLEAN, CLEAN, CLEAN, CLEAN]);
  });

  it('cleans a panel upload', async () => {
    const file = { format: 'dcap-instruments', version: 1, instruments: [{ name: '说明', nameAbbr: 'UPNOTE', panel: panelWithNote('NOTE2') }] };
    const uploaded = ok(await post(team, team.designer, '/dcap/project/instrument/upload', { projectId: team.projectId, file, mode: 'append' })) as { id: number; nameAbbr: string }[];
    const id = uploaded.find((row) => row.nameAbbr === 'UPNOTE')?.id ?? 0;
    expect(storedNotes(await storedDraft(id))).toEqual([CLEAN, CLEAN, CLEAN, CLEAN]);
  });

  it('cleans a panel template of the library', async () => {
    const admin = await team.study.t.signIn(ADMIN.username, ADMIN.password);
    const body = { name: '说明模板', nameEn: 'Note template', nameAbbr: 'NOTETPL', panel: panelWithNote('NOTE3') };
    const saved = await team.study.t.call('POST', '/dcap/sys/standardInstrument/save', { token: admin, body });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const row = await team.study.t.database.db.selectFrom('std_templates').select('panel').where('name_abbr', '=', 'NOTETPL').executeTakeFirstOrThrow();
    expect(storedNotes(row.panel)).toEqual([CLEAN, CLEAN, CLEAN, CLEAN]);
  });
});
