import { Empty, Form, Input } from 'antd';
import type { Dispatch } from 'react';
import { useTranslation } from 'react-i18next';
import { findWidget, LABEL_MAX } from '@dcap/core';
import type { Panel } from '@dcap/core';
import { CommonFields } from './config/CommonFields';
import { OptionsEditor } from './config/OptionsEditor';
import type { DesignerAction } from './state/designerReducer';

/**
 * Spec 001 §2.2 right column: the selected derived field's name (key), title and, for radio and select,
 * its options with Coding and Label, a delete per option and an add button.
 */
export function DerivedConfig({ panel, selectedKey, dispatch }: { panel: Panel; selectedKey: string | null; dispatch: Dispatch<DesignerAction> }) {
  const { t } = useTranslation();
  const widget = selectedKey === null ? null : findWidget(panel, selectedKey);
  if (!widget) return <Empty description={t('designer.config.none')} data-testid="config-none" />;
  const choice = widget.type === 'radio' || widget.type === 'select';
  return (
    <Form layout="vertical" size="small" component="div" data-testid="config-panel">
      <CommonFields widget={widget} panel={panel} dispatch={dispatch} />
      {widget.options.expression ? (
        <Form.Item label={t('designer.config.expression')}>
          <Input.TextArea value={widget.options.expression} disabled rows={2} maxLength={LABEL_MAX} />
        </Form.Item>
      ) : null}
      {choice ? (
        <Form.Item label={t('designer.options.title')}>
          <OptionsEditor compact options={widget.options.options ?? []} onChange={(options) => dispatch({ type: 'update', key: widget.key, patch: { options: { options } } })} />
        </Form.Item>
      ) : null}
    </Form>
  );
}
