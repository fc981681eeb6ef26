import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { storageKey } from '../../app/storage';
import { MEMBER, makeInit } from '../../test/fixtures';
import { fakeServer, ok } from '../../test/fakeServer';
import { renderApp } from '../../test/renderApp';

const ARTICLE = { id: 4, data: '<p>停机维护<img src=x onerror="window.hacked=1"></p>', dataEn: '<p>Maintenance</p>', isShow: 1, publishedDate: '2026-05-01T08:00:00.000Z' };

function serve(article: typeof ARTICLE | null) {
  return fakeServer({ 'GET /sys/init': () => ok(makeInit(MEMBER)), 'POST /sys/article/getArticle': () => ok(article) });
}

describe('the bulletin dialog (spec 000 §4.5)', () => {
  it('shows a bulletin never stored, in the user’s language, cleaned, and stores it for this user', async () => {
    renderApp({ path: '/project/DataDisplay', fetch: serve(ARTICLE).fetch, locale: 'en-US', token: 't' });
    expect((await screen.findByTestId('bulletin-content')).innerHTML).toBe('<p>Maintenance</p>');
    expect(JSON.parse(window.localStorage.getItem(storageKey('article')) ?? 'null')).toEqual({ userId: MEMBER.id, data: ARTICLE.data, dataEn: ARTICLE.dataEn, isShow: 1 });
    fireEvent.click(screen.getByTestId('bulletin-close'));
    await waitFor(() => expect(screen.getByTestId('bulletin-state').dataset.state).toBe('hidden'));
  });

  it('stays hidden when the stored copy matches', async () => {
    window.localStorage.setItem(storageKey('article'), JSON.stringify({ userId: MEMBER.id, data: ARTICLE.data, dataEn: ARTICLE.dataEn, isShow: 1 }));
    renderApp({ path: '/project/DataDisplay', fetch: serve(ARTICLE).fetch, locale: 'zh-CN', token: 't' });
    await waitFor(() => expect(screen.getByTestId('bulletin-state').dataset.state).toBe('hidden'));
    expect(screen.queryByTestId('bulletin-content')).toBeNull();
  });

  it('shows it again to another user, cleaned of handlers, and never while the show flag is off', async () => {
    window.localStorage.setItem(storageKey('article'), JSON.stringify({ userId: 99, data: ARTICLE.data, dataEn: ARTICLE.dataEn, isShow: 1 }));
    const first = renderApp({ path: '/project/DataDisplay', fetch: serve(ARTICLE).fetch, locale: 'zh-CN', token: 't' });
    const content = await screen.findByTestId('bulletin-content');
    expect(content.innerHTML).toBe('<p>停机维护<img src="x"></p>');
    first.view.unmount();
    window.localStorage.removeItem(storageKey('article'));
    renderApp({ path: '/project/DataDisplay', fetch: serve({ ...ARTICLE, isShow: 0 }).fetch, locale: 'zh-CN', token: 't' });
    await waitFor(() => expect(screen.getByTestId('bulletin-state').dataset.state).toBe('hidden'));
  });
});
