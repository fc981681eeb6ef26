import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ApprovalItem } from '@dcap/core';
import { ADMIN, AS_PROJECT_ADMIN, makeProject, makeProjectInit, PROJECT_ADMIN } from '../../../test/fixtures';
import { fakeServer, ok } from '../../../test/fakeServer';
import { renderApp } from '../../../test/renderApp';

const ONLINE: ApprovalItem = {
  kind: 'online',
  projectId: 1,
  projectCode: 'HF-301',
  projectName: '心衰研究',
  projectNameEn: 'Heart failure study',
  status: 'TEST',
  applicationId: null,
  type: null,
  reason: 'UAT signed off',
  appliedBy: 'pm.zhang',
  appliedAt: '2026-01-05T08:00:00.000Z',
};
const SUSPEND: ApprovalItem = { ...ONLINE, kind: 'statusChange', projectId: 2, projectCode: 'ONC-7', status: 'ON_RESEARCH', applicationId: 9, type: 'APPLY_SUSPEND_RECRUIT', reason: 'Interim analysis' };

function adminServer(items: ApprovalItem[]) {
  return fakeServer({
    'GET /sys/init': () => ok(makeProjectInit(ADMIN)),
    'GET /project/approvals': () => ok(items),
    'GET /project/approvals/count': () => ok({ count: items.length }),
    'POST /project/approveApplyOnline': () => ok(makeProject({ status: 'ON_RESEARCH' })),
    'POST /project/decideStatusChange': () => ok(makeProject({ status: 'RECORD_FREEZED' })),
  });
}

describe('approvals inbox /project/approvals (docs/decisions.md, "Lifecycle gates and four eyes")', () => {
  it('lists the applications awaiting the approver with the count in the header', async () => {
    renderApp({ path: '/project/approvals', fetch: adminServer([ONLINE, SUSPEND]).fetch, locale: 'en-US', token: 't' });
    const table = await screen.findByTestId('approvals-table');
    await waitFor(() => expect(within(table).getByText('HF-301')).toBeDefined());
    expect(within(table).getByText('Go online')).toBeDefined();
    expect(within(table).getByText('Status change: Suspend recruitment')).toBeDefined();
    expect(within(table).getByText('Interim analysis')).toBeDefined();
    await waitFor(() => expect(within(screen.getByTestId('approvals-badge')).getByText('2')).toBeDefined());
  });

  it('refuses a rejection without a reason and sends nothing; an approval goes out with its reason', async () => {
    const fake = adminServer([ONLINE]);
    renderApp({ path: '/project/approvals', fetch: fake.fetch, locale: 'en-US', token: 't' });
    fireEvent.click(await screen.findByTestId('approval-reject-online-1'));
    fireEvent.click(await screen.findByTestId('reason-modal-ok'));
    expect((await screen.findByTestId('reason-modal-missing')).textContent).toBe('A reason is required to reject');
    expect(fake.requests.some((request) => request.path === '/project/approveApplyOnline')).toBe(false);
    fireEvent.click(screen.getByText('Cancel'));

    fireEvent.click(await screen.findByTestId('approval-approve-online-1'));
    fireEvent.change(await screen.findByTestId('reason-modal-reason'), { target: { value: 'Checked the UAT report' } });
    fireEvent.click(screen.getByTestId('reason-modal-ok'));
    await waitFor(() => {
      const sent = fake.requests.find((request) => request.path === '/project/approveApplyOnline');
      expect(sent?.search.get('approve')).toBe('true');
      expect(sent?.body).toBe(JSON.stringify({ reason: 'Checked the UAT report' }));
    });
  });

  it('shows no badge to someone who approves nothing', async () => {
    const fake = fakeServer({ 'GET /sys/init': () => ok(makeProjectInit(PROJECT_ADMIN, { access: AS_PROJECT_ADMIN })) });
    renderApp({ path: '/project/DataDisplay', fetch: fake.fetch, locale: 'en-US', token: 't' });
    await screen.findByTestId('user-menu');
    expect(screen.queryByTestId('approvals-badge')).toBeNull();
    expect(fake.requests.some((request) => request.path === '/project/approvals/count')).toBe(false);
  });
});

describe('lifecycle gates on the project page', () => {
  it('lists what internal test still needs and keeps the audit application disabled', async () => {
    const project = makeProject({ status: 'CONFIG' }, AS_PROJECT_ADMIN);
    const fake = fakeServer({
      'GET /sys/init': () => ok(makeProjectInit(PROJECT_ADMIN, { project, access: AS_PROJECT_ADMIN })),
      'POST /project/statusChangeApplications': () => ok([]),
      [`GET /project/gates/${String(project.id)}`]: () => ok({ internalTest: ['publishedDesign', 'site'], online: ['uatConfirmed'] }),
    });
    renderApp({ path: '/project/detail/new', fetch: fake.fetch, locale: 'en-US', token: 't' });
    const gates = await screen.findByTestId('lifecycle-gates-internalTest');
    expect(gates.textContent).toContain('Still missing before internal test:');
    expect(screen.getByTestId('lifecycle-gate-publishedDesign').textContent).toBe('at least one published design version');
    expect(screen.getByTestId('lifecycle-gate-site').textContent).toBe('at least one active site');
    expect(screen.queryByTestId('lifecycle-gate-roleWithUsers')).toBeNull();
    expect(screen.getByTestId<HTMLButtonElement>('lifecycle-applyAuditConfig').disabled).toBe(true);
    // Going online is not offered in config, so its list is not shown.
    expect(screen.queryByTestId('lifecycle-gates-online')).toBeNull();
  });
});
