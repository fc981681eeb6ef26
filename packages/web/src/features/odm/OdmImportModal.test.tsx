import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { OdmImportReport } from '@dcap/core';
import { fail, fakeServer, ok } from '../../test/fakeServer';
import { DATA_ENTRY_ONLY, designInit, renderDesignPage } from '../studyBuild/designTestKit';

const PATH = '/dCapVue/design/instruments';
/** The first render of the whole shell is slow on a busy machine. */
const FIRST = { timeout: 20_000 };
const XML = '<?xml version="1.0" encoding="UTF-8"?><ODM xmlns="http://www.cdisc.org/ns/odm/v1.3" ODMVersion="1.3.2"/>';

/** A report as the server gives it for a design with two forms and two visits, one element left for hand work. */
function report(applied: boolean, blocking = false): OdmImportReport {
  return {
    applied,
    studyOid: 'ST.CARDIO',
    versionOid: 'MDV.1',
    instruments: [
      { name: '人口学资料', nameEn: 'Demographics', nameAbbr: 'DM', fields: 4, id: applied ? 31 : null },
      { name: '生命体征', nameEn: 'Vital signs', nameAbbr: 'VS', fields: 3, id: applied ? 32 : null },
    ],
    events: [
      { name: '筛选期', nameEn: 'Screening', type: 'Scheduled', forms: ['DM', 'VS'], id: applied ? 7 : null },
      { name: '随访', nameEn: 'Follow-up', type: 'Unscheduled', forms: ['VS'], id: applied ? 8 : null },
    ],
    notes: [
      { element: 'RangeCheck', oid: 'IT.VS.WEIGHT', code: 'range_soft', message: 'A soft range check is kept as a hint only', blocking: false },
      ...(blocking ? [{ element: 'FormDef', oid: 'F.DM', code: 'name_taken', message: '项目中已有表单简称 DM', blocking: true }] : []),
    ],
  };
}

/** The fake server, and the multipart forms the page sent (the fake records only text bodies). */
function server(importRoute: (dryRun: boolean) => ReturnType<typeof ok>, init = designInit()) {
  const forms: FormData[] = [];
  let listed = 0;
  const fake = fakeServer({
    'GET /sys/init': () => ok(init),
    'GET /project/instrument/list/5': () => {
      listed += 1;
      return ok([]);
    },
    'POST /project/design/importOdm': () => importRoute(forms.at(-1)?.get('dryRun') === 'true'),
  });
  const fetch = (input: RequestInfo | URL, request?: RequestInit) => {
    if (request?.body instanceof FormData) forms.push(request.body);
    return fake.fetch(input, request);
  };
  return { fetch, forms, listCalls: () => listed };
}

async function chooseFile() {
  fireEvent.click(await screen.findByTestId('instrument-import-odm', {}, FIRST));
  const dragger = await screen.findByTestId('odm-file');
  const input = dragger.closest('.ant-upload-wrapper')?.querySelector('input[type="file"]') ?? document.querySelector('input[type="file"]');
  if (!input) throw new Error('no file input');
  fireEvent.change(input, { target: { files: [new File([XML], 'cardio.xml', { type: 'application/xml' })] } });
}

describe('ODM 1.3.2 design import in the panel list', { timeout: 60_000 }, () => {
  it('previews the panels, visits and report, and applies only on confirmation', async () => {
    const fake = server((dryRun) => ok(report(!dryRun)));
    renderDesignPage({ path: PATH, fetch: fake.fetch });
    await chooseFile();

    const panels = await screen.findByTestId('odm-panels');
    expect(within(panels).getByText('DM')).toBeDefined();
    expect(within(panels).getByText('Vital signs')).toBeDefined();
    expect(screen.getByText('Panels to create (2)')).toBeDefined();
    const visits = screen.getByTestId('odm-visits');
    expect(within(visits).getByText('Screening')).toBeDefined();
    expect(within(visits).getByText('DM, VS')).toBeDefined();
    const notes = screen.getByTestId('odm-report');
    expect(within(notes).getByText('IT.VS.WEIGHT')).toBeDefined();
    expect(within(notes).getByText('Redo by hand')).toBeDefined();
    expect(screen.getByTestId('odm-study').textContent).toContain('ST.CARDIO');
    expect(screen.queryByTestId('odm-blocked')).toBeNull();
    expect(fake.forms).toHaveLength(1);
    expect(fake.forms[0]?.get('dryRun')).toBe('true');
    expect(fake.forms[0]?.get('projectId')).toBe('5');
    expect((fake.forms[0]?.get('file') as File | null)?.name).toBe('cardio.xml');

    const listedBefore = fake.listCalls();
    fireEvent.click(screen.getByTestId('odm-confirm'));
    expect((await screen.findByTestId('odm-done')).textContent).toContain('2 panel(s), 2 visit(s)');
    expect(fake.forms.map((form) => form.get('dryRun'))).toEqual(['true', 'false']);
    await waitFor(() => {
      expect(fake.listCalls()).toBeGreaterThan(listedBefore);
    });
  });

  it('does not let a report with a blocking item be confirmed', async () => {
    const fake = server((dryRun) => ok(report(!dryRun, true)));
    renderDesignPage({ path: PATH, fetch: fake.fetch, locale: 'zh-CN' });
    await chooseFile();
    expect((await screen.findByTestId('odm-blocked')).textContent).toContain('1 项阻止导入');
    expect(within(screen.getByTestId('odm-report')).getByText('项目中已有表单简称 DM')).toBeDefined();
    expect(within(screen.getByTestId('odm-report')).getByText('阻止导入')).toBeDefined();
    // The blocking note comes first although the server listed it last.
    const rows = screen.getByTestId('odm-report').querySelectorAll('tbody tr.ant-table-row');
    expect(rows[0]?.textContent).toContain('F.DM');
    expect(rows[1]?.textContent).toContain('IT.VS.WEIGHT');
    expect(screen.getByText('将创建的访视（2）')).toBeDefined();
    expect(screen.getByTestId('odm-confirm').closest('button')?.disabled).toBe(true);
    fireEvent.click(screen.getByTestId('odm-confirm'));
    expect(fake.forms).toHaveLength(1);
  });

  it('shows a refusal in the caller’s language and offers to choose again', async () => {
    const fake = server(() => fail(400, 'ODM 文件未通过 ODM 1.3.2 架构检查'));
    renderDesignPage({ path: PATH, fetch: fake.fetch, locale: 'zh-CN' });
    expect(await screen.findByText('导入 ODM 1.3.2', {}, FIRST)).toBeDefined();
    await chooseFile();
    const failed = await screen.findByTestId('odm-failed');
    expect(within(failed).getByText('导入失败')).toBeDefined();
    expect(within(failed).getByText('ODM 文件未通过 ODM 1.3.2 架构检查')).toBeDefined();
    expect(screen.getByTestId('odm-file')).toBeDefined();
    expect(screen.queryByTestId('odm-confirm')).toBeNull();
  });

  it('is not offered to a user without the design right', async () => {
    const fake = server((dryRun) => ok(report(!dryRun)), designInit({ access: DATA_ENTRY_ONLY }));
    renderDesignPage({ path: PATH, fetch: fake.fetch });
    expect((await screen.findByTestId('instrument-import-odm', {}, FIRST)).closest('button')?.disabled).toBe(true);
  });
});
