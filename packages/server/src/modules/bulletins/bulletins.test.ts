import type { Article, CurrentArticle } from '@dcap/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tableChecksums, changedTables } from '../../test/checksum.js';
import type { Persona, Study } from '../roles/study.fixture.js';
import { ok, openStudy, person, refused } from '../roles/study.fixture.js';

/**
 * Bulletins (spec 000 §4.5, §7.2; /sys/article): rich text cleaned on the server, publishing with a date and
 * the show flag, what every signed-in user's shell fetches, and refusal for anyone but platform administrators.
 */
let study: Study;
let reader: Persona;

beforeAll(async () => {
  study = await openStudy();
  reader = await person(study, 'bulletin.reader');
});
afterAll(() => study.t.close());

const admin = () => study.admin.token;
const save = async (body: Record<string, unknown>) => ok(await study.t.call('POST', '/dcap/sys/article/save', { token: admin(), body })) as Article;
const publish = async (body: Record<string, unknown>) => ok(await study.t.call('POST', '/dcap/sys/article/publish', { token: admin(), body })) as Article;
const current = async (token = reader.token) => ok(await study.t.call('POST', '/dcap/sys/article/getArticle', { token })) as CurrentArticle;

async function auditOf(id: number) {
  return study.t.deps.db.selectFrom('audit_log').select(['action', 'old_value', 'new_value']).where('entity_type', '=', 'article').where('entity_id', '=', String(id)).orderBy('id').execute();
}

describe('bulletins', () => {
  it('cleans the rich text of both languages before storing and auditing it (docs/decisions.md "Rich text")', async () => {
    const attack = '<p>停机 <b>维护</b></p><img src=x onerror=alert(1)><script>alert(2)</script><a href="javascript:alert(3)" onclick="x()">更多</a>';
    const article = await save({ data: attack, dataEn: '<p style="color:red" onmouseover="x()">Downtime</p><iframe src="https://evil.example"></iframe>', isShow: 1 });
    expect(article.data).toBe('<p>停机 <b>维护</b></p><a>更多</a>');
    expect(article.dataEn).toBe('<p>Downtime</p>');
    expect(article.state).toBe('draft');
    const stored = await study.t.deps.db.selectFrom('articles').select(['content', 'content_en']).where('id', '=', article.id).executeTakeFirstOrThrow();
    expect(stored).toEqual({ content: article.data, content_en: article.dataEn });
    const [row] = await auditOf(article.id);
    expect(row?.action).toBe('article.create');
    expect(JSON.stringify(row?.new_value)).not.toMatch(/script|onerror|javascript/);
  });

  it('refuses a bulletin with nothing left to say, or with NUL, in the caller’s language and changes nothing', async () => {
    const before = await tableChecksums(study.t.database);
    const empty = await study.t.call('POST', '/dcap/sys/article/save', { token: admin(), lang: 'zh-CN', body: { data: '<script>alert(1)</script>', dataEn: '<p> </p>', isShow: 1 } });
    refused(empty, 422, 'article.empty');
    expect(empty.body.msg).toBe('公告内容不能为空');
    refused(await study.t.call('POST', '/dcap/sys/article/save', { token: admin(), body: { data: '<p>a\u0000b</p>', dataEn: '', isShow: 1 } }), 400, 'request.invalid');
    refused(await study.t.call('POST', '/dcap/sys/article/save', { token: admin(), body: { data: '<p>x</p>', dataEn: '', isShow: 2 } }), 400, 'request.invalid');
    refused(await study.t.call('POST', '/dcap/sys/article/save', { token: admin(), body: { id: 999_999, data: '<p>x</p>', dataEn: '' } }), 404, 'article.not_found');
    expect(changedTables(before, await tableChecksums(study.t.database))).toEqual([]);
  });

  it('shows nothing until published, then the bulletin of the latest date reached, with data, isShow, dataEn and publishedDate', async () => {
    expect(await current()).toBeNull();
    const first = await save({ data: '<p>第一条</p>', dataEn: '<p>First</p>' });
    expect(await current()).toBeNull();
    const published = await publish({ id: first.id });
    expect(published.state).toBe('published');
    expect(await current()).toEqual({ id: first.id, data: '<p>第一条</p>', dataEn: '<p>First</p>', isShow: 1, publishedDate: published.publishedDate });

    // A later date schedules a bulletin: the earlier one is shown until that date comes.
    const second = await save({ data: '<p>第二条</p>', dataEn: '<p>Second</p>' });
    const later = new Date(study.t.clock.now().getTime() + 60_000).toISOString();
    expect((await publish({ id: second.id, publishedDate: later })).state).toBe('scheduled');
    expect((await current())?.id).toBe(first.id);
    study.t.clock.advance(2 * 60_000);
    expect((await current())?.id).toBe(second.id);

    // Editing the content is what the shell compares (spec 000 §4.5), so the edit is served at once.
    await save({ id: second.id, data: '<p>第二条（更正）</p>', dataEn: '<p>Second (corrected)</p>', isShow: 1 });
    expect(await current()).toMatchObject({ id: second.id, data: '<p>第二条（更正）</p>', dataEn: '<p>Second (corrected)</p>', isShow: 1 });
    // The show flag travels with it; the shell shows nothing while it is off.
    await publish({ id: second.id, publishedDate: later, isShow: 0 });
    expect(await current()).toMatchObject({ id: second.id, isShow: 0 });
    // Withdrawn: the first is the published one again.
    await publish({ id: second.id, publishedDate: null });
    expect((await current())?.id).toBe(first.id);
    const rows = await auditOf(second.id);
    expect(rows.map((row) => row.action)).toEqual(['article.create', 'article.update', 'article.update', 'article.update', 'article.update']);
  });

  it('lists, reads and deletes bulletins; an unknown one is not found', async () => {
    const made = await save({ data: '<p>删除我</p>', dataEn: '<p>Delete me</p>' });
    const list = ok(await study.t.call('GET', '/dcap/sys/article/list', { token: admin() })) as Article[];
    expect(list[0]?.id).toBe(made.id);
    expect((ok(await study.t.call('GET', `/dcap/sys/article/info/${made.id}`, { token: admin() })) as Article).data).toBe('<p>删除我</p>');
    ok(await study.t.call('POST', `/dcap/sys/article/delete/${made.id}`, { token: admin() }));
    const gone = await study.t.call('GET', `/dcap/sys/article/info/${made.id}`, { token: admin(), lang: 'en-US' });
    refused(gone, 404, 'article.not_found');
    expect(gone.body.msg).toBe('The bulletin does not exist');
    expect((await auditOf(made.id)).at(-1)).toMatchObject({ action: 'article.delete', new_value: null });
  });

  it('lets only platform administrators manage bulletins; any signed-in user reads the current one', async () => {
    const id = (await save({ data: '<p>x</p>', dataEn: '' })).id;
    for (const [method, url, body] of [
      ['GET', '/dcap/sys/article/list', undefined],
      ['POST', '/dcap/sys/article/save', { data: '<p>y</p>', dataEn: '' }],
      ['GET', `/dcap/sys/article/info/${id}`, undefined],
      ['POST', `/dcap/sys/article/delete/${id}`, undefined],
      ['POST', '/dcap/sys/article/publish', { id }],
    ] as const) {
      refused(await study.t.call(method, url, { token: reader.token, body }), 403, 'permission.platform_admin_required');
    }
    refused(await study.t.call('POST', '/dcap/sys/article/getArticle', {}), 401, 'auth.required');
  });
});
