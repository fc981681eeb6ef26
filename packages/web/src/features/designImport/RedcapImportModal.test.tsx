import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { planRedcapImport } from '@dcap/core';
import type { RedcapImportResult } from '@dcap/core';
import { fail, fakeServer, ok } from '../../test/fakeServer';
import { DATA_ENTRY_ONLY, designInit, renderDesignPage } from '../studyBuild/designTestKit';

const PATH = '/dCapVue/design/instruments';
/** The first render of the whole shell is slow on a busy machine. */
const FIRST = { timeout: 20_000 };

const HEADER =
  '"Variable / Field Name","Form Name","Section Header","Field Type","Field Label","Choices, Calculations, OR Slider Labels","Field Note","Text Validation Type OR Show Slider Number","Text Validation Min","Text Validation Max","Identifier?","Branching Logic (Show field only if...)","Required Field?","Custom Alignment","Question Number (surveys only)","Matrix Group Name","Matrix Ranking?","Field Annotation"';
const DICTIONARY = [
  HEADER,
  'sex,demographics,,radio,"性别 Sex","1, 男 Male | 2, 女 Female",,,,,,,y,,,,,',
  'weight,vital_signs,,text,"体重 Weight",,kg,number,30,250,,,,,,,,',
  'height,vital_signs,,text,"身高 Height",,cm,integer,,,,,,,,,,',
  'bmi,vital_signs,,calc,BMI,"round([weight]*10000/([height]*[height]),1)",,,,,,,,,,,,',
  'pregnant,vital_signs,,yesno,Pregnant?,,,,,,,"[sex] = \'2\'",,,,,,',
].join('\r\n');

/** The answer the server gives: core's own plan of the dictionary, with ids once created. */
function answer(dryRun: boolean): RedcapImportResult {
  const planned = planRedcapImport(DICTIONARY);
  if (!planned.ok) throw new Error(planned.error.code);
  return { dryRun, panels: planned.plan.panels.map((panel, index) => ({ ...panel, instrumentId: dryRun ? null : 20 + index })), report: planned.plan.report };
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
    'POST /project/design/importRedcap': () => importRoute(forms.at(-1)?.get('dryRun') === 'true'),
  });
  const fetch = (input: RequestInfo | URL, request?: RequestInit) => {
    if (request?.body instanceof FormData) forms.push(request.body);
    return fake.fetch(input, request);
  };
  return { fetch, forms, listCalls: () => listed };
}

async function chooseDictionary() {
  fireEvent.click(await screen.findByTestId('instrument-import-redcap', {}, FIRST));
  const dragger = await screen.findByTestId('redcap-file');
  const input = dragger.closest('.ant-upload-wrapper')?.querySelector('input[type="file"]') ?? document.querySelector('input[type="file"]');
  if (!input) throw new Error('no file input');
  fireEvent.change(input, { target: { files: [new File([DICTIONARY], 'study_DataDictionary.csv', { type: 'text/csv' })] } });
}

describe('REDCap data dictionary import in the panel list', { timeout: 60_000 }, () => {
  it('previews the panels, their fields and the report, and creates them only on confirmation', async () => {
    const fake = server((dryRun) => ok(answer(dryRun)));
    renderDesignPage({ path: PATH, fetch: fake.fetch });
    await chooseDictionary();

    const panels = await screen.findByTestId('redcap-panels');
    expect(within(panels).getByText('demographics')).toBeDefined();
    expect(within(panels).getByText('Vital signs')).toBeDefined();
    expect(screen.getByText('Panels to create (2)')).toBeDefined();
    const report = screen.getByTestId('redcap-report');
    expect(within(report).getByText('pregnant')).toBeDefined();
    expect(within(report).getByText('Branching logic')).toBeDefined();
    expect(within(report).getByText(/a field of another form \(demographics\)/)).toBeDefined();
    expect(screen.getByTestId('redcap-warnings').textContent).toContain('1 item needs to be redone by hand');
    expect(fake.forms).toHaveLength(1);
    expect(fake.forms[0]?.get('dryRun')).toBe('true');
    expect(fake.forms[0]?.get('projectId')).toBe('5');
    expect((fake.forms[0]?.get('file') as File | null)?.name).toBe('study_DataDictionary.csv');

    // The fields of a panel open under it.
    fireEvent.click(within(panels).getAllByRole('button', { name: /expand/i })[1] ?? panels);
    expect(await within(panels).findByText('bmi')).toBeDefined();

    const listedBefore = fake.listCalls();
    fireEvent.click(screen.getByTestId('redcap-confirm'));
    expect((await screen.findByTestId('redcap-done')).textContent).toContain('2 panels created');
    expect(fake.forms.map((form) => form.get('dryRun'))).toEqual(['true', 'false']);
    await waitFor(() => {
      expect(fake.listCalls()).toBeGreaterThan(listedBefore);
    });
  });

  it('shows a refusal in the caller’s language and offers to choose again', async () => {
    const fake = server(() => fail(409, '项目中已有同名表单：demographics（表单简称不区分大小写），未导入'));
    renderDesignPage({ path: PATH, fetch: fake.fetch, locale: 'zh-CN' });
    expect(await screen.findByText('导入 REDCap 数据字典', {}, FIRST)).toBeDefined();
    await chooseDictionary();
    const failed = await screen.findByTestId('redcap-failed');
    expect(within(failed).getByText('导入失败')).toBeDefined();
    expect(within(failed).getByText('项目中已有同名表单：demographics（表单简称不区分大小写），未导入')).toBeDefined();
    expect(screen.getByTestId('redcap-file')).toBeDefined();
    expect(screen.queryByTestId('redcap-confirm')).toBeNull();
  });

  it('shows the report in Chinese', async () => {
    const fake = server((dryRun) => ok(answer(dryRun)));
    renderDesignPage({ path: PATH, fetch: fake.fetch, locale: 'zh-CN' });
    await chooseDictionary();
    const report = await screen.findByTestId('redcap-report');
    expect(within(report).getByText('分支逻辑')).toBeDefined();
    expect(within(report).getByText(/引用了其他表单（demographics）的字段 \[sex\]/)).toBeDefined();
    expect(screen.getByText('将创建的表单（2）')).toBeDefined();
  });

  it('is not offered to a user without the design right', async () => {
    const fake = server((dryRun) => ok(answer(dryRun)), designInit({ access: DATA_ENTRY_ONLY }));
    renderDesignPage({ path: PATH, fetch: fake.fetch });
    expect((await screen.findByTestId('instrument-import-redcap', {}, FIRST)).closest('button')?.disabled).toBe(true);
  });
});
