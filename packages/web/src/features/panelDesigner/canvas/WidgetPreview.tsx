import { Alert, Checkbox, ColorPicker, Col, DatePicker, Input, InputNumber, Radio, Rate, Row, Select, Slider, Switch, TimePicker, Typography, Upload, Button } from 'antd';
import { UploadOutlined } from '@ant-design/icons';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DEFAULT_LABEL_COL, DEFAULT_WRAPPER_COL, isDecorationType } from '@dcap/core';
import type { OptionItem, PanelConfig, Widget } from '@dcap/core';
import { currentLocale } from '../../../i18n';
import { canvasLabel } from './canvasContext';

function optionLabel(option: OptionItem, english: boolean): string {
  return english && option.labelEn ? option.labelEn : option.label;
}

/** A still picture of the control, disabled: the canvas shows how the field will look, not a working form. */
function Control({ widget, english }: { widget: Widget; english: boolean }): ReactNode {
  const { options } = widget;
  const choices = (options.options ?? []).map((option) => ({ value: option.value, label: optionLabel(option, english) }));
  switch (widget.type) {
    case 'input':
      return <Input disabled placeholder={options.placeholder} suffix={options.annotation} />;
    case 'textarea':
      return <Input.TextArea disabled rows={2} placeholder={options.placeholder} />;
    case 'number':
      return <InputNumber disabled style={{ width: '100%' }} placeholder={options.expression ? `= ${options.expression}` : options.placeholder} suffix={options.annotation} />;
    case 'radio':
      return <Radio.Group disabled options={choices} />;
    case 'checkbox':
      return <Checkbox.Group disabled options={choices} />;
    case 'select':
    case 'bullseyeplot':
      return <Select disabled style={{ width: '100%' }} options={choices} placeholder={options.placeholder} />;
    case 'date':
      return <DatePicker disabled style={{ width: '100%' }} format={options.format} />;
    case 'time':
      return <TimePicker disabled style={{ width: '100%' }} format={options.format} />;
    case 'rate':
      return <Rate disabled count={options.max} />;
    case 'slider':
      return <Slider disabled min={options.min} max={options.max} step={options.step} />;
    case 'switch':
      return <Switch disabled />;
    case 'color':
      return <ColorPicker disabled />;
    case 'uploader':
    case 'imgupload':
      return (
        <Upload disabled>
          <Button icon={<UploadOutlined />} disabled />
        </Upload>
      );
    case 'richeditor':
    case 'alert':
    case 'blank':
    case 'grid':
    case 'table':
    case 'placeholder':
      return null;
  }
}

/** One widget as the canvas shows it, with the panel's label position and the widget's label and control widths. */
export function WidgetPreview({ widget, config }: { widget: Widget; config: PanelConfig }) {
  const { i18n } = useTranslation();
  const english = currentLocale(i18n) === 'en-US';
  const content = english && widget.options.contentEn ? widget.options.contentEn : (widget.options.content ?? '');
  const label = canvasLabel(widget, english);
  // Everything but a decoration (core's widget-type table) shows as a labelled row.
  if (!isDecorationType(widget.type)) {
    return (
      <Row gutter={8} align="middle">
        <Col span={widget.labelCol ?? DEFAULT_LABEL_COL} style={{ textAlign: config.labelPosition }}>
          {widget.options.required ? <span style={{ color: '#ff4d4f' }}>* </span> : null}
          {label}
        </Col>
        <Col span={widget.wrapperCol ?? DEFAULT_WRAPPER_COL}>
          <Control widget={widget} english={english} />
        </Col>
      </Row>
    );
  }
  switch (widget.type) {
    case 'blank':
      return (
        <Typography.Title level={5} style={{ margin: 0, borderBottom: '1px solid #e5e5e5' }}>
          {content}
        </Typography.Title>
      );
    case 'alert':
      return <Alert type={widget.options.alertType ?? 'info'} title={content} />;
    case 'richeditor':
      // Rich text is shown as plain text here; the renderer sanitises and renders it.
      return <Typography.Paragraph style={{ margin: 0 }}>{content.replace(/<[^>]*>/g, '')}</Typography.Paragraph>;
  }
}
