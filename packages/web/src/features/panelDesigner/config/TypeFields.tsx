import { Checkbox, Form, Input, InputNumber, Select, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { DATE_FORMATS, PATTERN_MAX, RATE_COUNT_MAX, RATE_COUNT_MIN, TEXT_MAXLENGTH_DEFAULT, TIME_FORMATS, widgetTypeFacts } from '@dcap/core';
import type { DataType, Widget } from '@dcap/core';
import type { ConfigProps } from './configProps';
import { numberOrUndefined, patcher } from './configProps';
import { RichTextField } from './RichTextField';

/** Spec 001 §9 text data types: string, number, integer (float for numbers). */
const TEXT_DATA_TYPES: DataType[] = ['string', 'number', 'integer'];
const NUMBER_DATA_TYPES: DataType[] = ['number', 'integer', 'float'];

function dataTypesOf(widget: Widget): DataType[] | null {
  if (widget.type === 'input' || widget.type === 'textarea') return TEXT_DATA_TYPES;
  if (widget.type === 'number') return NUMBER_DATA_TYPES;
  return null;
}

/** Basic options that depend on the widget's type (spec 001 §3.3, §5.2, §9). */
export function TypeFields(props: ConfigProps) {
  const { t } = useTranslation();
  const { widget } = props;
  const { options } = widget;
  const patch = patcher(props);
  const dataTypes = dataTypesOf(widget);
  const type = widget.type;
  const hasPlaceholder = ['input', 'textarea', 'number', 'select', 'date', 'time'].includes(type);
  const { numericRange: numeric, textLength } = widgetTypeFacts(type);
  return (
    <>
      {hasPlaceholder ? (
        <Form.Item label={t('designer.config.placeholder')}>
          <Input value={options.placeholder ?? ''} onChange={(event) => patch({ options: { placeholder: event.target.value } })} data-testid="config-placeholder" />
        </Form.Item>
      ) : null}
      {type === 'input' || type === 'textarea' || type === 'number' ? (
        <Form.Item label={t('designer.config.defaultValue')}>
          <Input
            value={typeof options.defaultValue === 'string' || typeof options.defaultValue === 'number' ? String(options.defaultValue) : ''}
            onChange={(event) => {
              const text = event.target.value;
              const value = type === 'number' && text !== '' && !Number.isNaN(Number(text)) ? Number(text) : text;
              patch({ options: { defaultValue: text === '' ? undefined : value } });
            }}
            data-testid="config-defaultValue"
          />
        </Form.Item>
      ) : null}
      {dataTypes ? (
        <Form.Item label={t('designer.config.dataType')}>
          <Select
            value={options.dataType}
            options={dataTypes.map((value) => ({ value, label: t(`designer.config.dataTypes.${value}`) }))}
            onChange={(dataType: DataType) => patch({ options: { dataType } })}
            data-testid="config-dataType"
          />
        </Form.Item>
      ) : null}
      {textLength ? (
        <>
          <Form.Item label={t('designer.config.pattern')}>
            <Input value={options.pattern ?? ''} maxLength={PATTERN_MAX} onChange={(event) => patch({ options: { pattern: event.target.value || undefined } })} data-testid="config-pattern" />
          </Form.Item>
          <Form.Item label={t('designer.config.maxlength')}>
            <InputNumber min={1} precision={0} value={options.maxlength} placeholder={String(TEXT_MAXLENGTH_DEFAULT)} onChange={(value) => patch({ options: { maxlength: numberOrUndefined(value) } })} data-testid="config-maxlength" />
          </Form.Item>
        </>
      ) : null}
      {type === 'textarea' ? (
        <Form.Item label={t('designer.config.rows')}>
          <InputNumber min={1} max={50} precision={0} value={options.rows} onChange={(value) => patch({ options: { rows: numberOrUndefined(value) } })} />
        </Form.Item>
      ) : null}
      {numeric ? (
        <>
          <Form.Item label={t('designer.config.min')}>
            <InputNumber value={options.min} onChange={(value) => patch({ options: { min: numberOrUndefined(value) } })} data-testid="config-min" />
          </Form.Item>
          <Form.Item label={t('designer.config.max')}>
            <InputNumber value={options.max} onChange={(value) => patch({ options: { max: numberOrUndefined(value) } })} data-testid="config-max" />
          </Form.Item>
          <Form.Item label={t('designer.config.step')}>
            <InputNumber min={0} value={options.step} onChange={(value) => patch({ options: { step: numberOrUndefined(value) } })} data-testid="config-step" />
          </Form.Item>
        </>
      ) : null}
      {type === 'number' ? (
        <Form.Item label={t('designer.config.precision')}>
          <InputNumber min={0} max={10} precision={0} value={options.precision} onChange={(value) => patch({ options: { precision: numberOrUndefined(value) } })} data-testid="config-precision" />
        </Form.Item>
      ) : null}
      {type === 'slider' ? (
        <Form.Item label={t('designer.config.isRange')}>
          <Switch checked={options.isRange === true} onChange={(isRange) => patch({ options: { isRange } })} />
        </Form.Item>
      ) : null}
      {type === 'rate' ? (
        <>
          <Form.Item label={t('designer.config.rateCount')}>
            <InputNumber min={RATE_COUNT_MIN} max={RATE_COUNT_MAX} precision={0} value={options.max} onChange={(value) => patch({ options: { max: numberOrUndefined(value) } })} data-testid="config-rateCount" />
          </Form.Item>
          <Form.Item label={t('designer.config.allowHalf')}>
            <Switch checked={options.allowHalf === true} onChange={(allowHalf) => patch({ options: { allowHalf } })} />
          </Form.Item>
        </>
      ) : null}
      {type === 'date' || type === 'time' ? (
        <Form.Item label={t('designer.config.format')}>
          <Select
            value={options.format}
            options={(type === 'date' ? DATE_FORMATS : TIME_FORMATS).map((value) => ({ value, label: value }))}
            onChange={(format: string) => patch({ options: { format } })}
            data-testid="config-format"
          />
        </Form.Item>
      ) : null}
      {type === 'select' ? (
        <>
          <Form.Item label={t('designer.config.multiple')}>
            <Switch checked={options.multiple === true} disabled={options.bullsEyePlot === true} onChange={(multiple) => patch({ options: { multiple } })} />
          </Form.Item>
          <Form.Item>
            <Checkbox
              checked={options.bullsEyePlot === true}
              onChange={(event) => props.dispatch({ type: 'bullseye', key: widget.key, on: event.target.checked })}
              data-testid="config-bullseye"
            >
              {t('designer.config.bullseye')}
            </Checkbox>
          </Form.Item>
        </>
      ) : null}
      {type === 'bullseyeplot' ? (
        <Form.Item label={t('designer.config.segments')}>
          <Select value={options.segments ?? 17} options={[{ value: 16, label: '16' }, { value: 17, label: '17' }]} onChange={(segments: 16 | 17) => patch({ options: { segments } })} />
        </Form.Item>
      ) : null}
      {type === 'richeditor' ? <RichTextField {...props} /> : null}
      {type === 'blank' || type === 'alert' ? (
        <>
          <Form.Item label={t('designer.config.content')}>
            <Input.TextArea rows={2} value={options.content ?? ''} onChange={(event) => patch({ options: { content: event.target.value } })} data-testid="config-content" />
          </Form.Item>
          <Form.Item label={t('designer.config.contentEn')}>
            <Input.TextArea rows={2} value={options.contentEn ?? ''} onChange={(event) => patch({ options: { contentEn: event.target.value } })} data-testid="config-contentEn" />
          </Form.Item>
        </>
      ) : null}
      {type === 'alert' ? (
        <Form.Item label={t('designer.config.alertType')}>
          <Select
            value={options.alertType ?? 'info'}
            options={(['info', 'success', 'warning', 'error'] as const).map((value) => ({ value, label: t(`designer.config.alertTypes.${value}`) }))}
            onChange={(alertType: 'info' | 'success' | 'warning' | 'error') => patch({ options: { alertType } })}
          />
        </Form.Item>
      ) : null}
      {type === 'blank' ? (
        <Form.Item label={t('designer.config.selectAll')}>
          <Switch checked={options.selectAll === true} onChange={(selectAll) => patch({ options: { selectAll } })} />
        </Form.Item>
      ) : null}
    </>
  );
}
