import { Col, Form, Input, InputNumber, Row, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { DEFAULT_LABEL_COL, DEFAULT_WRAPPER_COL, DERIVED_FIELD_GROUPS, saveSysDerivedFieldSchema } from '@dcap/core';
import type { DerivedFieldGroup, SysDerivedField, Widget } from '@dcap/core';
import { useSaveDerivedFieldMutation } from '../../api/library';
import { FormModal } from '../../components/FormModal';
import { schemaRule } from '../../lib/formRules';
import { showServerErrors } from '../../lib/serverErrors';
import type { DictItemValues } from './DictItemsField';
import { DictItemsField, toDictItems } from './DictItemsField';

interface DerivedFormValues {
  group: DerivedFieldGroup;
  fieldName: string;
  fieldLabel: string;
  fieldLabelEn: string;
  expression: string;
  description?: string;
  descriptionEn?: string;
  unit?: string;
  precision?: number | null;
  resultType: 'radio' | 'select';
  options?: DictItemValues[];
}

const FIELDS = ['group', 'fieldName', 'fieldLabel', 'fieldLabelEn', 'expression', 'description', 'descriptionEn'];
const CODE_FIELDS = { 'library.derived_name_taken': 'fieldName', 'library.derived_options_required': 'options' };
const shape = saveSysDerivedFieldSchema.shape;

/** The computed widget: a number for continuous results, a radio or dropdown of codes otherwise (spec 001 §2.2). */
function resultWidget(values: DerivedFormValues): Widget {
  const base = { key: 'FIELD', model: 'FIELD', name: values.fieldLabel, labelCol: DEFAULT_LABEL_COL, wrapperCol: DEFAULT_WRAPPER_COL };
  if (values.group === 'CONTINUOUS_VARIABLES') {
    const unit = values.unit?.trim();
    return { ...base, type: 'number', options: { dataType: 'float', ...(unit ? { annotation: unit } : {}), ...(typeof values.precision === 'number' ? { precision: values.precision } : {}) } };
  }
  return { ...base, type: values.resultType, options: { dataType: 'string', options: toDictItems(values.options) } };
}

function initialValues(field: SysDerivedField | null): Partial<DerivedFormValues> {
  if (!field) return { group: 'CONTINUOUS_VARIABLES', resultType: 'radio', options: [{ value: '', label: '', labelEn: '' }] };
  const options = field.widget.options;
  return {
    group: field.group,
    fieldName: field.fieldName,
    fieldLabel: field.fieldLabel,
    fieldLabelEn: field.fieldLabelEn,
    expression: field.expression,
    description: field.description,
    descriptionEn: field.descriptionEn,
    unit: options.annotation ?? '',
    precision: options.precision ?? null,
    resultType: field.widget.type === 'select' ? 'select' : 'radio',
    options: (options.options ?? []).map((item) => ({ value: item.value, label: item.label, labelEn: item.labelEn ?? '' })),
  };
}

/** Create or edit a derived field of the derived-variable library. */
export function DerivedFieldFormModal({ open, field, onClose }: { open: boolean; field: SysDerivedField | null; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<DerivedFormValues>();
  const save = useSaveDerivedFieldMutation();
  const group = Form.useWatch('group', form);

  const onFinish = async (values: DerivedFormValues) => {
    const optional = (value: string | undefined) => value?.trim() ?? '';
    try {
      await save.mutateAsync({
        ...(field ? { id: field.id } : {}),
        group: values.group,
        fieldName: values.fieldName.trim(),
        fieldLabel: values.fieldLabel.trim(),
        fieldLabelEn: values.fieldLabelEn.trim(),
        expression: values.expression.trim(),
        description: optional(values.description),
        descriptionEn: optional(values.descriptionEn),
        widget: resultWidget(values),
      });
      onClose();
    } catch (error) {
      showServerErrors(form, error, FIELDS, CODE_FIELDS);
    }
  };
  const required = { required: true, whitespace: true, message: t('validation.required') };

  return (
    <FormModal
      open={open}
      title={field ? t('library.derived.editTitle') : t('library.derived.createTitle')}
      width={800}
      onClose={onClose}
      onSubmit={() => form.submit()}
      submitting={save.isPending}
      submitTestId="derived-form-submit"
    >
      <Form<DerivedFormValues> form={form} preserve={false} layout="vertical" initialValues={initialValues(field)} onFinish={(values) => void onFinish(values)} data-testid="derived-form">
        <Row gutter={16}>
          <Col xs={24} md={8}>
            <Form.Item name="group" label={t('library.derived.group')} rules={[{ required: true, message: t('validation.required') }]}>
              <Select options={DERIVED_FIELD_GROUPS.map((value) => ({ value, label: t(`library.derived.groups.${value}`) }))} data-testid="derived-form-group" />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item name="fieldName" label={t('library.derived.fieldName')} tooltip={t('library.fields.fieldNameHint')} rules={[required, schemaRule(shape.fieldName, t('library.fields.fieldNameHint'))]}>
              <Input data-testid="derived-form-name" />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item name="fieldLabel" label={t('library.derived.fieldLabel')} rules={[required, schemaRule(shape.fieldLabel, t('validation.tooLong'))]}>
              <Input data-testid="derived-form-label" />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item name="fieldLabelEn" label={t('library.derived.fieldLabelEn')} rules={[required, schemaRule(shape.fieldLabelEn, t('validation.tooLong'))]}>
              <Input data-testid="derived-form-labelEn" />
            </Form.Item>
          </Col>
          <Col xs={24} md={16}>
            <Form.Item name="expression" label={t('library.derived.expression')} tooltip={t('library.derived.expressionHint')} rules={[required, schemaRule(shape.expression, t('library.derived.expressionHint'))]}>
              <Input.TextArea rows={2} showCount maxLength={200} spellCheck={false} style={{ fontFamily: 'monospace' }} data-testid="derived-form-expression" />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="description" label={t('library.derived.description')} rules={[schemaRule(shape.description, t('validation.tooLong'))]}>
              <Input.TextArea rows={2} data-testid="derived-form-description" />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="descriptionEn" label={t('library.derived.descriptionEn')} rules={[schemaRule(shape.descriptionEn, t('validation.tooLong'))]}>
              <Input.TextArea rows={2} data-testid="derived-form-descriptionEn" />
            </Form.Item>
          </Col>
          {group === 'CONTINUOUS_VARIABLES' ? (
            <>
              <Col xs={12} md={8}>
                <Form.Item name="unit" label={t('library.derived.unit')} rules={[{ max: 64, message: t('validation.tooLong') }]}>
                  <Input data-testid="derived-form-unit" />
                </Form.Item>
              </Col>
              <Col xs={12} md={8}>
                <Form.Item name="precision" label={t('library.derived.precision')}>
                  <InputNumber min={0} max={10} precision={0} style={{ width: '100%' }} data-testid="derived-form-precision" />
                </Form.Item>
              </Col>
            </>
          ) : (
            <>
              <Col xs={24} md={8}>
                <Form.Item name="resultType" label={t('library.derived.widgetType')}>
                  <Select
                    options={[
                      { value: 'radio', label: t('library.widgetTypes.radio') },
                      { value: 'select', label: t('library.widgetTypes.select') },
                    ]}
                    data-testid="derived-form-resultType"
                  />
                </Form.Item>
              </Col>
              <Col xs={24}>
                <DictItemsField name="options" label={t('library.derived.options')} testId="derived-form-options" />
              </Col>
            </>
          )}
        </Row>
      </Form>
    </FormModal>
  );
}
