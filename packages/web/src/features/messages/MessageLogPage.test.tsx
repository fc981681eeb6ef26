import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { MessageLogItem } from '@dcap/core';
import { ADMIN, makeInit } from '../../test/fixtures';
import { fakeServer, ok } from '../../test/fakeServer';
import { renderApp } from '../../test/renderApp';

const item = (id: number, status: MessageLogItem['status'], overrides: Partial<MessageLogItem> = {}): MessageLogItem => ({
  id,
  projectId: null,
  projectName: null,
  env: null,
  channel: 'email',
  kind: 'visit.due',
  recipientUserId: null,
  recipientName: null,
  address: `r${String(id)}@example.org`,
  language: 'zh-CN',
  subject: `Subject ${String(id)}`,
  status,
  attempts: 1,
  nextAttemptAt: '2026-03-01T08:00:00.000Z',
  sentAt: null,
  createdAt: '2026-03-01T08:00:00.000Z',
  resendOf: null,
  error: null,
  canResend: status === 'sent' || status === 'failed' || status === 'unconfirmed',
  canCancel: status === 'queued',
  ...overrides,
});

describe('message log /sys/messageLog', () => {
  it('lists messages with their status in the user’s language, filters by status, and resends after a confirmation', async () => {
    const unconfirmed = item(3, 'unconfirmed');
    const fake = fakeServer({
      'GET /sys/init': () => ok(makeInit(ADMIN)),
      'GET /project/list': () => ok([]),
      'GET /sys/messageLog/list': () => ok({ list: [item(4, 'queued'), unconfirmed, item(2, 'failed')], total: 3, pageNo: 1, pageSize: 20 }),
      'GET /sys/messageLog/stats': () => ok([{ channel: 'email', status: 'queued', count: 1 }]),
      'POST /sys/messageLog/resend/3': () => ({ body: { code: 0, msg: '消息已重新排队发送', data: { ...item(5, 'queued'), body: 'B', claimedAt: null, createdBy: 'admin', resends: [], resendOf: 3 } } }),
    });
    renderApp({ path: '/sys/messageLog', fetch: fake.fetch, locale: 'zh-CN', token: 't' });
    const table = await screen.findByTestId('message-table');
    expect((await within(table).findByTestId('message-status-unconfirmed')).textContent).toBe('未确认');
    expect(within(table).getByTestId('message-status-queued').textContent).toBe('排队中');
    expect(screen.getByTestId('message-chart')).toBeDefined();
    // Cancel only where queued, resend only where it left, failed or is unconfirmed.
    expect(screen.getByTestId('message-cancel-4')).toBeDefined();
    expect(screen.queryByTestId('message-resend-4')).toBeNull();
    expect(screen.queryByTestId('message-cancel-3')).toBeNull();

    fireEvent.mouseDown(within(screen.getByTestId('message-log')).getAllByRole('combobox')[2] as HTMLElement);
    fireEvent.click(await screen.findByTitle('发送失败'));
    fireEvent.click(screen.getByTestId('message-search'));
    await waitFor(() => expect(fake.requests.filter((r) => r.path === '/sys/messageLog/list').at(-1)?.search.get('status')).toBe('failed'));

    fireEvent.click(screen.getByTestId('message-resend-3'));
    const confirm = await screen.findByRole('dialog');
    fireEvent.click(within(confirm).getAllByRole('button').at(-1) as HTMLElement);
    await waitFor(() => expect(fake.requests.some((r) => r.path === '/sys/messageLog/resend/3')).toBe(true));
    expect(await screen.findByText('消息已重新排队发送')).toBeDefined();
  });

  it('names each message’s kind in the reader’s language, subject messages too, and filters by the chosen kind’s code', async () => {
    const list = [item(7, 'sent', { kind: 'visit.overdue' }), item(6, 'sent', { kind: 'visit.reminder', channel: 'wechat' }), item(5, 'failed', { kind: 'survey.invitation' })];
    const serve = () =>
      fakeServer({
        'GET /sys/init': () => ok(makeInit(ADMIN)),
        'GET /project/list': () => ok([]),
        'GET /sys/messageLog/list': () => ok({ list, total: list.length, pageNo: 1, pageSize: 20 }),
        'GET /sys/messageLog/stats': () => ok([]),
      });
    const zh = serve();
    renderApp({ path: '/sys/messageLog', fetch: zh.fetch, locale: 'zh-CN', token: 't' });
    expect((await screen.findByTestId('message-kind-7')).textContent).toBe('访视超窗');
    expect(screen.getByTestId('message-kind-6').textContent).toBe('受试者访视提醒');
    expect(screen.getByTestId('message-kind-5').textContent).toBe('问卷邮件');
    cleanup();

    const en = serve();
    renderApp({ path: '/sys/messageLog', fetch: en.fetch, locale: 'en-US', token: 't' });
    expect((await screen.findByTestId('message-kind-7')).textContent).toBe('Visit overdue');
    expect(screen.getByTestId('message-kind-6').textContent).toBe('Subject visit reminder');
    expect(screen.queryByText('visit.overdue')).toBeNull();
    const kind = within(screen.getByTestId('message-log')).getAllByRole('combobox')[3] as HTMLElement;
    fireEvent.mouseDown(kind);
    fireEvent.change(kind, { target: { value: 'Questionnaire by e' } });
    fireEvent.click(await screen.findByTitle('Questionnaire by e-mail'));
    fireEvent.click(screen.getByTestId('message-search'));
    await waitFor(() => expect(en.requests.filter((r) => r.path === '/sys/messageLog/list').at(-1)?.search.get('kind')).toBe('survey.invitation'));
  });
});
