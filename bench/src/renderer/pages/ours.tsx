import { App as AntdApp, ConfigProvider } from 'antd';
import enUS from 'antd/locale/en_US';
import { createRoot } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import { PRIMARY_COLOR } from '@dcap/core';
import type { Panel } from '@dcap/core';
import { FormRenderer } from '../../../../packages/web/src/features/renderer';
import { createI18n } from '../../../../packages/web/src/i18n';
import { installHooks } from './harness';

/**
 * Our renderer inside the providers the web app gives it (language, antd theme), in English like the
 * SurveyJS page.
 */

const i18n = createI18n('en-US');
let fieldRenders = 0;
const countRender = () => {
  fieldRenders += 1;
};

function field(name: string): HTMLElement | null {
  return document.querySelector<HTMLElement>(`[data-testid="item-${CSS.escape(name)}"]`);
}

installHooks({
  mount(form, container) {
    createRoot(container).render(
      <I18nextProvider i18n={i18n}>
        <ConfigProvider locale={enUS} theme={{ token: { colorPrimary: PRIMARY_COLOR } }}>
          <AntdApp>
            {/* Spec 002 §9 debounces formulas by 500 ms; SurveyJS has no debounce, so none here. */}
            <FormRenderer panel={form as Panel} formulaDebounceMs={0} onFieldRender={countRender} />
          </AntdApp>
        </ConfigProvider>
      </I18nextProvider>,
    );
  },
  fieldElement: field,
  // A computed field shows its value in a read-only input.
  readField: (name) => field(name)?.querySelector('input')?.value ?? null,
  option: (name, value) => field(name)?.querySelector<HTMLInputElement>(`input[type="radio"][value="${CSS.escape(value)}"]`) ?? null,
  renderCount: () => fieldRenders,
});
