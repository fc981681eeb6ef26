import type { Panel, PublicSurvey } from '@dcap/core';
import { createWidget } from '@dcap/core';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fail, fakeServer, ok } from '../../test/fakeServer';
import { renderApp } from '../../test/renderApp';

const TOKEN = 'T'.repeat(43);
const feeling = { ...createWidget('input', new Set()), key: 'FEEL', model: 'FEEL', name: '今天感觉如何', nameEn: 'How do you feel today' };
const PANEL: Panel = { list: [feeling], config: { labelWidth: 8, labelPosition: 'right' } };
const SURVEY: PublicSurvey = {
  language: 'en-US',
  projectName: '问卷研究',
  projectNameEn: 'Questionnaire study',
  eventName: '访视1',
  eventNameEn: 'Visit 1',
  expiresAt: '2030-01-01T00:00:00.000Z',
  wechat: { bound: false, authorizeUrl: null },
  panels: [{ panelInstanceId: 7, name: '日记', nameEn: 'Diary', panel: PANEL }],
};

describe('the public questionnaire page /epro/:token (docs/decisions.md "Subject questionnaires")', () => {
  it('opens without an account in the link’s language and submits the panel’s values', async () => {
    const fake = fakeServer({
      [`GET /public/survey/${TOKEN}`]: () => ok(SURVEY),
      [`POST /public/survey/${TOKEN}/submit`]: () => ok({ enteredAt: '2029-12-30T00:00:00.000Z', panels: [{ panelInstanceId: 7, status: 'COMPLETED' }] }),
    });
    renderApp({ path: `/epro/${TOKEN}?lang=en-US`, fetch: fake.fetch, locale: 'zh-CN' });
    expect(await screen.findByText('Questionnaire study')).toBeTruthy();
    expect(screen.getByText('Diary')).toBeTruthy();
    expect(screen.getByText('How do you feel today')).toBeTruthy();
    const read = fake.requests.find((request) => request.path === `/public/survey/${TOKEN}`);
    expect(read?.headers.get('accept-language')).toBe('en-US');
    expect(read?.headers.get('token')).toBeNull();

    fireEvent.change(screen.getByTestId('field-FEEL'), { target: { value: 'Well' } });
    fireEvent.click(screen.getByTestId('survey-submit'));
    await waitFor(() => expect(document.querySelector('.ant-modal-confirm .ant-btn-primary')).not.toBeNull());
    const confirm = document.querySelector('.ant-modal-confirm .ant-btn-primary');
    if (!(confirm instanceof HTMLElement)) throw new Error('no confirm button');
    fireEvent.click(confirm);
    expect(await screen.findByTestId('survey-submitted')).toBeTruthy();
    const sent = fake.requests.find((request) => request.method === 'POST');
    expect(JSON.parse(sent?.body ?? '{}')).toEqual({ panels: [{ panelInstanceId: 7, values: { FEEL: 'Well' } }] });
  });

  it('shows the server’s refusal of a link, and switches language on the page', async () => {
    const fake = fakeServer({
      [`GET /public/survey/${TOKEN}`]: (request) =>
        request.headers.get('accept-language') === 'en-US'
          ? fail(410, 'This questionnaire link has expired. Please ask the study team for a new link', { errorCode: 'epro.link_expired' })
          : fail(410, '此问卷链接已过期，请联系研究人员获取新的链接', { errorCode: 'epro.link_expired' }),
    });
    renderApp({ path: `/epro/${TOKEN}?lang=zh-CN`, fetch: fake.fetch, locale: 'en-US' });
    const refused = await screen.findByTestId('survey-refused');
    expect(refused.textContent).toContain('此问卷链接已过期');
    expect(refused.textContent).toContain('无法打开问卷');
    fireEvent.click(screen.getByTestId('survey-lang-en-US'));
    await waitFor(() => expect(screen.getByTestId('survey-refused').textContent).toContain('The questionnaire cannot be opened'));
  });
});

const AUTHORIZE = 'https://open.weixin.qq.com/connect/oauth2/authorize?appid=wx-app&redirect_uri=x&response_type=code&scope=snsapi_base&state=wechat#wechat_redirect';
const WECHAT_BROWSER = 'Mozilla/5.0 (iPhone) AppleWebKit/605.1.15 Mobile/15E148 MicroMessenger/8.0.50 NetType/WIFI Language/zh_CN';

describe('binding WeChat from the questionnaire page (docs/decisions.md "Subject WeChat binding")', () => {
  afterEach(() => vi.restoreAllMocks());

  it('offers the official account’s authorisation inside WeChat, and how to get there outside it; no offer without an account', async () => {
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(WECHAT_BROWSER);
    const offered = { ...SURVEY, wechat: { bound: false, authorizeUrl: AUTHORIZE } };
    const fake = fakeServer({ [`GET /public/survey/${TOKEN}`]: () => ok(offered) });
    const first = renderApp({ path: `/epro/${TOKEN}?lang=en-US`, fetch: fake.fetch, locale: 'en-US' });
    const offer = await screen.findByTestId('survey-wechat-offer');
    expect(offer.getAttribute('href')).toBe(AUTHORIZE);
    expect(offer.textContent).toContain('Receive reminders on WeChat');
    first.view.unmount();

    vi.restoreAllMocks();
    const outside = renderApp({ path: `/epro/${TOKEN}?lang=zh-CN`, fetch: fakeServer({ [`GET /public/survey/${TOKEN}`]: () => ok(offered) }).fetch, locale: 'zh-CN' });
    expect((await screen.findByTestId('survey-wechat-hint')).textContent).toContain('在微信中打开本页面');
    expect(screen.queryByTestId('survey-wechat-offer')).toBeNull();
    outside.view.unmount();

    renderApp({ path: `/epro/${TOKEN}?lang=en-US`, fetch: fakeServer({ [`GET /public/survey/${TOKEN}`]: () => ok(SURVEY) }).fetch, locale: 'en-US' });
    expect(await screen.findByText('Diary')).toBeTruthy();
    expect(screen.queryByTestId('survey-wechat-offer')).toBeNull();
    expect(screen.queryByTestId('survey-wechat-hint')).toBeNull();
  });

  it('binds with the code WeChat came back with, once, and then shows the binding', async () => {
    let bound = false;
    const fake = fakeServer({
      [`GET /public/survey/${TOKEN}`]: () => ok({ ...SURVEY, wechat: { bound, authorizeUrl: AUTHORIZE } }),
      [`POST /public/survey/${TOKEN}/wechat`]: () => {
        bound = true;
        return ok({ bound: true, authorizeUrl: AUTHORIZE });
      },
    });
    renderApp({ path: `/epro/${TOKEN}?lang=en-US&code=wx-code-1&state=wechat`, fetch: fake.fetch, locale: 'en-US' });
    expect((await screen.findByTestId('survey-wechat-bound')).textContent).toContain('Your WeChat is bound');
    const binds = fake.requests.filter((request) => request.method === 'POST');
    expect(binds).toHaveLength(1);
    expect(JSON.parse(binds[0]?.body ?? '{}')).toEqual({ code: 'wx-code-1' });
    expect(binds[0]?.headers.get('token')).toBeNull();
  });

  it('shows WeChat’s refusal of a code in the page’s language, and the offer again', async () => {
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(WECHAT_BROWSER);
    const fake = fakeServer({
      [`GET /public/survey/${TOKEN}`]: () => ok({ ...SURVEY, wechat: { bound: false, authorizeUrl: AUTHORIZE } }),
      [`POST /public/survey/${TOKEN}/wechat`]: (request) =>
        request.headers.get('accept-language') === 'zh-CN'
          ? fail(422, '微信绑定失败：40029 invalid code', { errorCode: 'wechat.bind_failed' })
          : fail(422, 'WeChat binding failed: 40029 invalid code', { errorCode: 'wechat.bind_failed' }),
    });
    renderApp({ path: `/epro/${TOKEN}?lang=zh-CN&code=used-code`, fetch: fake.fetch, locale: 'en-US' });
    expect((await screen.findByTestId('survey-wechat-refusal')).textContent).toContain('微信绑定失败：40029 invalid code');
    expect(screen.getByTestId('survey-wechat-offer').getAttribute('href')).toBe(AUTHORIZE);
  });
});
