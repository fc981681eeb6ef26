import { Form, Input, InputNumber, Switch, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FIELD_NAME_MAX, GRID_SPAN_TOTAL, isDataWidget, LABEL_MAX, panelKeys } from '@dcap/core';
import type { ConfigProps } from './configProps';
import { numberOrUndefined, patcher } from './configProps';

const IDENTIFIER = /^[A-Za-z][A-Za-z0-9_]*$/;

/** The key (and model) box: typed freely, applied only when it is a valid identifier not used elsewhere. */
function KeyInput({ widget, panel, dispatch }: ConfigProps) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState(widget.key);
  useEffect(() => setDraft(widget.key), [widget.key]);
  const taken = draft !== widget.key && panelKeys(panel).has(draft);
  const valid = IDENTIFIER.test(draft) && !taken;
  return (
    <Form.Item label={t('designer.config.key')} validateStatus={valid ? undefined : 'error'} help={valid ? undefined : t('designer.config.keyInvalid')}>
      <Input
        value={draft}
        maxLength={FIELD_NAME_MAX}
        onChange={(event) => {
          const value = event.target.value;
          setDraft(value);
          if (IDENTIFIER.test(value) && (value === widget.key || !panelKeys(panel).has(value))) patcher({ widget, dispatch })({ key: value, model: value });
        }}
        data-testid="config-key"
      />
    </Form.Item>
  );
}

/** Spec 001 §3.2 fields every value-holding widget has: labels, key, required, widths. */
export function CommonFields(props: ConfigProps) {
  const { t } = useTranslation();
  const { widget } = props;
  const patch = patcher(props);
  const labelCol = widget.labelCol ?? 0;
  const wrapperCol = widget.wrapperCol ?? 0;
  const tooWide = labelCol + wrapperCol > GRID_SPAN_TOTAL;
  return (
    <>
      <Form.Item label={t('designer.config.type')}>
        <Typography.Text code data-testid="config-type">
          {widget.type}
        </Typography.Text>
      </Form.Item>
      <Form.Item label={t('designer.config.name')}>
        <Input value={widget.name} maxLength={LABEL_MAX} onChange={(event) => patch({ name: event.target.value })} data-testid="config-name" />
      </Form.Item>
      <Form.Item label={t('designer.config.nameEn')}>
        <Input value={widget.nameEn ?? ''} maxLength={LABEL_MAX} onChange={(event) => patch({ nameEn: event.target.value })} data-testid="config-nameEn" />
      </Form.Item>
      <KeyInput {...props} />
      {isDataWidget(widget) ? (
        <>
          <Form.Item label={t('designer.config.required')}>
            <Switch checked={widget.options.required === true} onChange={(required) => patch({ required, options: { required } })} data-testid="config-required" />
          </Form.Item>
          <Form.Item label={t('designer.config.disabled')}>
            <Switch checked={widget.disabled === true} onChange={(disabled) => patch({ disabled })} data-testid="config-disabled" />
          </Form.Item>
          <Form.Item label={t('designer.config.labelCol')} validateStatus={tooWide ? 'error' : undefined} help={tooWide ? t('designer.config.colSum') : undefined}>
            <InputNumber
              min={0}
              max={GRID_SPAN_TOTAL}
              precision={0}
              value={widget.labelCol}
              onChange={(value) => {
                const next = numberOrUndefined(value) ?? 0;
                // Spec 001 §5.2: the control may be at most 24 minus the label width.
                patch({ labelCol: next, wrapperCol: Math.min(wrapperCol, GRID_SPAN_TOTAL - next) });
              }}
              data-testid="config-labelCol"
            />
          </Form.Item>
          <Form.Item label={t('designer.config.wrapperCol')}>
            <InputNumber
              min={0}
              max={GRID_SPAN_TOTAL - labelCol}
              precision={0}
              value={widget.wrapperCol}
              onChange={(value) => patch({ wrapperCol: numberOrUndefined(value) ?? 0 })}
              data-testid="config-wrapperCol"
            />
          </Form.Item>
        </>
      ) : null}
    </>
  );
}
