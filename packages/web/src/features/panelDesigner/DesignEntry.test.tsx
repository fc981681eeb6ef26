import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Environment, InitResponse, ProjectAccess } from '@dcap/core';
import { createGrid, createWidget, gridColumns, menusFor } from '@dcap/core';
import { ok } from '../../test/fakeServer';
import { ADMIN, AS_PLATFORM_ADMIN, MEMBER, makeEnv, makeProject, makeProjectInit, makeSessionRole } from '../../test/fixtures';
import { renderDesignPage } from '../studyBuild/designTestKit';
import { createI18n } from '../../i18n';
import { dndAnnouncements } from './canvas/DesignerDnd';
import { designEnvDecision } from './designEntry';
import { designerServer, emptyPanel, INSTRUMENT_ID, renderDesigner } from './testHarness';

const PANEL_PATH = `/dCapVue/design/panel/${String(INSTRUMENT_ID)}`;
const DEV = makeEnv('dev', 'dev');
const UAT = makeEnv('uat', 'uat');
const PRD = makeEnv('prd', 'prd');

/** A session that the fake server moves between environments, as selectEnv and createEnv do. */
function session(options: { envs: Environment[]; currEnv: string; user?: typeof ADMIN | typeof MEMBER; canManageEnvs?: boolean }) {
  const state = { envs: [...options.envs], currEnv: options.currEnv };
  const project = makeProject({}, AS_PLATFORM_ADMIN);
  const abilities = options.canManageEnvs === false ? { ...project.abilities, 'env.manage': false } : project.abilities;
  const init = (): InitResponse => ({
    ...makeProjectInit(options.user ?? ADMIN, { project: { ...project, abilities }, envs: state.envs, currEnv: state.currEnv }),
    projectAbilities: abilities,
  });
  const server = designerServer(emptyPanel(), {
    'GET /sys/init': () => ok(init()),
    'GET /projectEnv/selectEnv/dev': () => {
      state.currEnv = 'dev';
      return ok({ projectId: project.id, roleId: null, env: 'dev' });
    },
    'POST /projectEnv/createEnv': () => {
      state.envs = [DEV, ...state.envs];
      return ok(DEV);
    },
  });
  return { server, state };
}

describe('opening the designer moves the session into development (spec 000 §4.3)', () => {
  // spec 000 §4.3: "Some functions are available only in dev-type environments (dev, sde)."
  it('decides: ready in a development environment, switch to dev from test, missing when there is none', () => {
    expect(designEnvDecision([DEV, UAT], DEV, true)).toEqual({ kind: 'ready' });
    expect(designEnvDecision([DEV, UAT], UAT, false)).toEqual({ kind: 'switch', key: 'dev' });
    expect(designEnvDecision([makeEnv('dev', 'dev', 'disable'), UAT], UAT, true)).toEqual({ kind: 'missing', canCreate: true });
    expect(designEnvDecision([UAT, PRD], UAT, false)).toEqual({ kind: 'missing', canCreate: false });
  });

  it('switches a session in test to the development environment with a notice, then opens the designer', async () => {
    const { server, state } = session({ envs: [DEV, UAT, PRD], currEnv: 'uat' });
    renderDesignPage({ path: PANEL_PATH, fetch: server.fetch });
    expect(await screen.findByTestId('designer', {}, { timeout: 20_000 })).toBeDefined();
    expect(state.currEnv).toBe('dev');
    expect(server.requests.filter((request) => request.path === '/projectEnv/selectEnv/dev')).toHaveLength(1);
    expect(await screen.findByText('Switched to the development environment: the design is only changed there')).toBeDefined();
  });

  it('tells why without a development environment and creates one in one click, then opens the designer', async () => {
    const { server, state } = session({ envs: [UAT, PRD], currEnv: 'uat' });
    renderDesignPage({ path: PANEL_PATH, fetch: server.fetch, locale: 'zh-CN' });
    expect(await screen.findByText('本项目还没有开发环境', {}, { timeout: 20_000 })).toBeDefined();
    fireEvent.click(screen.getByTestId('design-create-dev-env'));
    expect(await screen.findByTestId('designer', {}, { timeout: 20_000 })).toBeDefined();
    const created = server.requests.find((request) => request.path === '/projectEnv/createEnv');
    expect(JSON.parse(created?.body ?? '{}')).toMatchObject({ projectId: 5, key: 'dev', type: 'dev', name: '开发环境', eName: 'Development' });
    expect(state.currEnv).toBe('dev');
  });

  it('only tells why when the user may not manage environments', async () => {
    const { server } = session({ envs: [UAT, PRD], currEnv: 'uat', canManageEnvs: false });
    renderDesignPage({ path: PANEL_PATH, fetch: server.fetch });
    expect(await screen.findByText('This project has no development environment yet', {}, { timeout: 20_000 })).toBeDefined();
    expect(screen.getByText(/Ask a project administrator to create one/)).toBeDefined();
    expect(screen.queryByTestId('design-create-dev-env')).toBeNull();
  });
});

describe('opening the designer with a role that may not design (spec 000 §6)', () => {
  // spec 000 §6: "If the current role lacks it but another role has it, the shell switches to that role
  // before opening the application."
  it('switches to the design role, then into development, then opens the designer', async () => {
    const entryRole = makeSessionRole(1, 'CRC', ['dataEntryRights']);
    const designRole = makeSessionRole(2, 'Designer', ['projectDesignAndSetup']);
    const state = { roleId: 1, currEnv: 'uat' };
    const init = (): InitResponse => {
      const access: ProjectAccess = {
        platformAdmin: false,
        projectAdmin: false,
        role: { id: state.roleId, enabled: true, rights: state.roleId === 2 ? ['projectDesignAndSetup'] : ['dataEntryRights'], sites: 'all' },
      };
      const project = makeProject({}, access);
      // The route guard follows the menus; the shell offers the design menus as for a designer.
      const menus = menusFor({ ...ADMIN, projectAbilities: makeProject({}, AS_PLATFORM_ADMIN).abilities });
      return { ...makeProjectInit(MEMBER, { access, project, roles: [entryRole, designRole], roleId: state.roleId, currEnv: state.currEnv }), projectAbilities: project.abilities, menus };
    };
    const server = designerServer(emptyPanel(), {
      'GET /sys/init': () => ok(init()),
      'GET /projectRole/store/2': () => {
        state.roleId = 2;
        return ok({ projectId: 5, roleId: 2, env: state.currEnv });
      },
      'GET /projectEnv/selectEnv/dev': () => {
        state.currEnv = 'dev';
        return ok({ projectId: 5, roleId: state.roleId, env: 'dev' });
      },
    });
    renderDesignPage({ path: PANEL_PATH, fetch: server.fetch });
    expect(await screen.findByTestId('designer', {}, { timeout: 20_000 })).toBeDefined();
    const order = server.requests.map((request) => request.path).filter((path) => path === '/projectRole/store/2' || path === '/projectEnv/selectEnv/dev');
    expect(order).toEqual(['/projectRole/store/2', '/projectEnv/selectEnv/dev']);
  });
});

describe('palette from the keyboard and drag announcements', () => {
  const canvasKeys = () =>
    [...screen.getByTestId('designer-canvas').querySelectorAll<HTMLElement>('[data-testid^="canvas-widget-"]')].map((element) => element.dataset.testid?.replace('canvas-widget-', ''));

  it('adds a widget with Enter or Space, after the selected widget', async () => {
    const first = { ...createWidget('input', new Set()), key: 'FIRST', model: 'FIRST', name: 'First' };
    const last = { ...createWidget('input', new Set()), key: 'LAST', model: 'LAST', name: 'Last' };
    renderDesigner('form', designerServer(emptyPanel([first, last])).fetch);
    fireEvent.click(await screen.findByTestId('canvas-widget-FIRST'));
    fireEvent.keyDown(screen.getByTestId('palette-number'), { key: 'Enter' });
    await waitFor(() => expect(canvasKeys()).toHaveLength(3));
    expect(canvasKeys()[0]).toBe('FIRST');
    expect(canvasKeys()[1]).toMatch(/^NUMBER\d+$/);
    expect(canvasKeys()[2]).toBe('LAST');
    fireEvent.keyDown(screen.getByTestId('palette-date'), { key: ' ' });
    await waitFor(() => expect(canvasKeys()).toHaveLength(4));
    expect(canvasKeys()[2]).toMatch(/^DATE\d+$/);
  });

  it('adds a picked widget after the grid holding the selection, never inside the grid', async () => {
    const used = new Set<string>();
    const grid = createGrid([12, 12], used);
    const inner = { ...createWidget('input', used), key: 'INNER', model: 'INNER', name: 'Inner' };
    const columns = gridColumns(grid);
    if (columns[0]) columns[0].list = [inner];
    const last = { ...createWidget('input', used), key: 'LAST', model: 'LAST', name: 'Last' };
    renderDesigner('form', designerServer(emptyPanel([grid, last])).fetch);
    fireEvent.click(await screen.findByTestId('canvas-widget-INNER'));
    fireEvent.keyDown(screen.getByTestId('palette-number'), { key: 'Enter' });
    await waitFor(() => expect(screen.getByTestId('designer-canvas').querySelectorAll('[data-testid^="canvas-widget-NUMBER"]')).toHaveLength(1));
    const topLevel = [...screen.getByTestId('designer-canvas').querySelectorAll<HTMLElement>('[data-testid^="canvas-widget-"]')]
      .map((element) => element.dataset.testid?.replace('canvas-widget-', ''))
      .filter((key) => key !== 'INNER');
    expect(topLevel[0]).toBe(grid.key);
    expect(topLevel[1]).toMatch(/^NUMBER\d+$/);
    expect(topLevel[2]).toBe('LAST');
  });

  it('announces drags in the interface language', () => {
    const texts = dndAnnouncements(createI18n('zh-CN').t);
    const active = { id: 'palette:number', data: { current: { paletteId: 'number' } } } as never;
    const over = { id: 'drop', data: { current: { location: { container: 'panel', index: 1 } } } } as never;
    expect(texts.screenReaderInstructions.draggable).toContain('空格键');
    expect(texts.announcements.onDragStart({ active })).toBe('已拿起 数字');
    expect(texts.announcements.onDragEnd({ active, over })).toBe('数字 已放到 表单第 2 个位置');
    const en = dndAnnouncements(createI18n('en-US').t);
    expect(en.announcements.onDragCancel({ active, over: null })).toBe('Dragging Number was cancelled');
  });
});
