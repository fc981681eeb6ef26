import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { RoleAuthLog, Site } from '@dcap/core';
import { ADMIN, AS_PLATFORM_ADMIN, makeProject, makeProjectInit } from '../../test/fixtures';
import { fakeServer, ok } from '../../test/fakeServer';
import { renderApp } from '../../test/renderApp';

const site = (id: number, code: string, name: string, eName: string): Site => ({
  id,
  projectId: 5,
  unitId: id,
  unitName: name,
  code,
  name,
  eName,
  piName: null,
  status: 'active',
  createdAt: '2025-01-01T00:00:00.000Z',
});

const entries: RoleAuthLog[] = [
  {
    id: 2,
    at: '2025-03-01T08:00:00.000Z',
    action: 'role.assign',
    actor: 'pm.zhang',
    roleAlias: 'CRC-S01',
    username: 'nurse.li',
    detail: { old: null, new: { roleId: 7, roleAlias: 'CRC-S01', userId: 12, username: 'nurse.li', institutionIds: [21], notify: false } },
  },
  {
    id: 1,
    at: '2025-02-01T08:00:00.000Z',
    action: 'role.update',
    actor: 'pm.zhang',
    roleAlias: 'CRC-S01',
    username: null,
    detail: { old: { alias: 'CRC-S01', rights: ['dataEntryRights'] }, new: { alias: 'CRC-S01', rights: ['dataEntryRights', 'answerQuery'] } },
  },
];

function server() {
  return fakeServer({
    'GET /sys/init': () => ok(makeProjectInit(ADMIN, { access: AS_PLATFORM_ADMIN, project: makeProject({}, AS_PLATFORM_ADMIN) })),
    'POST /projectSite/list': () => ok([site(21, 'S01', '协和医院', 'PUMCH')]),
    'POST /projectRole/getProjectRoleAuthLogs': () => ok({ list: entries, total: 2, pageNo: 1, pageSize: 20 }),
  });
}

describe('role authorisation log /recordDataManage/projectRoleAuthLog', () => {
  it('shows names, site names, right names and readable actions in English, never bare ids', async () => {
    renderApp({ path: '/recordDataManage/projectRoleAuthLog', fetch: server().fetch, locale: 'en-US', token: 't' });
    const table = await screen.findByTestId('auth-log-table');
    expect(await within(table).findByText('Role granted')).toBeDefined();
    expect(within(table).getByText('Role changed')).toBeDefined();
    expect(within(table).getByText('nurse.li')).toBeDefined();
    const details = await within(table).findAllByTestId('auth-log-detail');
    expect(details[0]?.textContent).toBe('After: Sites: PUMCH; E-mail notice: No');
    expect(details[1]?.textContent).toContain('Before: Role name: CRC-S01; Rights: Data entry');
    expect(details.map((detail) => detail.textContent).join(' ')).not.toMatch(/roleId|userId|institutionIds|\b12\b/);
  });

  it('says the same in Chinese', async () => {
    renderApp({ path: '/recordDataManage/projectRoleAuthLog', fetch: server().fetch, locale: 'zh-CN', token: 't' });
    const table = await screen.findByTestId('auth-log-table');
    expect(await within(table).findByText('授予角色')).toBeDefined();
    const details = await within(table).findAllByTestId('auth-log-detail');
    expect(details[0]?.textContent).toBe('变更后: 中心: 协和医院; 邮件通知: 否');
  });
});
