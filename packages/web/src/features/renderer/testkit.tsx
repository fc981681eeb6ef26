import { render } from '@testing-library/react';
import { ConfigProvider } from 'antd';
import { createRef } from 'react';
import { I18nextProvider } from 'react-i18next';
import type { Locale, Panel, TableColumn, Widget, WidgetOptions, WidgetType } from '@dcap/core';
import { createI18n } from '../../i18n';
import { FormRenderer } from './FormRenderer';
import type { FormRendererHandle, FormRendererProps } from './FormRenderer';

/** A widget for tests: `key` and `model` both from the model name. */
export function widget(type: WidgetType, model: string, options: WidgetOptions = {}, extra: Partial<Widget> = {}): Widget {
  return { type, key: `${type}_${model}`, model, name: `${model} label`, nameEn: `${model} label en`, options, ...extra };
}

export function column(key: string, cell: Widget, extra: Partial<TableColumn> = {}): TableColumn {
  return { key, title: `${key} title`, titleEn: `${key} title en`, widget: cell, ...extra };
}

export function panelOf(list: Widget[]): Panel {
  return { list, config: { labelWidth: 8, labelPosition: 'right' } };
}

/** Renders a form as the application would, in its own i18n instance; formulas and levels without delay. */
export function renderForm(panel: Panel, props: Partial<FormRendererProps> = {}, locale: Locale = 'zh-CN') {
  const handle = createRef<FormRendererHandle>();
  const i18n = createI18n(locale);
  const view = render(
    <I18nextProvider i18n={i18n}>
      <ConfigProvider>
        <FormRenderer panel={panel} handleRef={handle} formulaDebounceMs={0} levelDebounceMs={0} {...props} />
      </ConfigProvider>
    </I18nextProvider>,
  );
  const current = () => {
    if (!handle.current) throw new Error('the renderer handle is not attached');
    return handle.current;
  };
  return { view, handle: current, i18n };
}
