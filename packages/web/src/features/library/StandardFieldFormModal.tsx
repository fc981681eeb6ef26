import { Col, Form, Input, Row, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { saveSysStandardFieldSchema } from '@dcap/core';
import type { DataType, SysStandardField } from '@dcap/core';
import { usePlatformDictOptionsQuery, useSaveStandardFieldMutation, useStandardDomainsQuery } from '../../api/library';
import { FormModal } from '../../components/FormModal';
import { schemaRule } from '../../lib/formRules';
import { showServerErrors } from '../../lib/serverErrors';
import type { LibraryWidgetType } from './libraryWidgets';
import { buildLibraryWidget, CHOICE_TYPES, LIBRARY_DATA_TYPES, LIBRARY_WIDGET_TYPES, widgetChoice } from './libraryWidgets';

interface FieldFormValues {
  domain: string;
  fieldName: string;
  fieldLabel: string;
  fieldLabelEn: string;
  fieldAnnotation?: string;
  instruction?: string;
  instructionEn?: string;
  type: LibraryWidgetType;
  dataType?: DataType | undefined;
  unit?: string;
  dictKey?: string;
}

const FIELDS = ['domain', 'fieldName', 'fieldLabel', 'fieldLabelEn', 'fieldAnnotation', 'instruction', 'instructionEn', 'widget'];
const CODE_FIELDS = { 'library.field_name_taken': 'fieldName', 'library.domain_not_found': 'domain' };
const shape = saveSysStandardFieldSchema.shape;

/** Create or edit a standard variable: its identity, texts in both languages, and the widget it inserts as. */
export function StandardFieldFormModal({ open, field, defaultDomain, onClose }: { open: boolean; field: SysStandardField | null; defaultDomain: string; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const [form] = Form.useForm<FieldFormValues>();
  const save = useSaveStandardFieldMutation();
  const domains = useStandardDomainsQuery();
  const dicts = usePlatformDictOptionsQuery();
  const type = Form.useWatch('type', form);

  const initial: Partial<FieldFormValues> = field
    ? {
        domain: field.domain,
        fieldName: field.fieldName,
        fieldLabel: field.fieldLabel,
        fieldLabelEn: field.fieldLabelEn,
        fieldAnnotation: field.fieldAnnotation,
        instruction: field.instruction,
        instructionEn: field.instructionEn,
        ...widgetChoice(field.widget),
      }
    : { ...(defaultDomain ? { domain: defaultDomain } : {}), type: 'input', dataType: 'string' };

  const onFinish = async (values: FieldFormValues) => {
    const optional = (value: string | undefined) => value?.trim() ?? '';
    try {
      await save.mutateAsync({
        ...(field ? { id: field.id } : {}),
        domain: values.domain,
        fieldName: values.fieldName.trim(),
        fieldLabel: values.fieldLabel.trim(),
        fieldLabelEn: values.fieldLabelEn.trim(),
        fieldAnnotation: optional(values.fieldAnnotation),
        instruction: optional(values.instruction),
        instructionEn: optional(values.instructionEn),
        widget: buildLibraryWidget({ type: values.type, dataType: values.dataType, unit: values.unit, dictKey: values.dictKey }, dicts.data?.dictList ?? [], field?.widget),
      });
      onClose();
    } catch (error) {
      showServerErrors(form, error, FIELDS, CODE_FIELDS);
    }
  };
  const required = { required: true, whitespace: true, message: t('validation.required') };
  // The watched type is undefined until the form mounts.
  const choice = CHOICE_TYPES.some((candidate) => candidate === type);
  const english = i18n.language === 'en-US';

  return (
    <FormModal
      open={open}
      title={field ? t('library.fields.editTitle') : t('library.fields.createTitle')}
      width={760}
      onClose={onClose}
      onSubmit={() => form.submit()}
      submitting={save.isPending}
      submitTestId="field-form-submit"
    >
      <Form<FieldFormValues> form={form} preserve={false} layout="vertical" initialValues={initial} onFinish={(values) => void onFinish(values)} data-testid="field-form">
        <Row gutter={16}>
          <Col xs={24} md={8}>
            <Form.Item name="domain" label={t('library.fields.domain')} rules={[{ required: true, message: t('validation.required') }]}>
              <Select
                showSearch={{ optionFilterProp: 'label' }}
                options={(domains.data ?? []).map((domain) => ({ value: domain.domain, label: `${domain.domain} ${english ? domain.descriptionEn : domain.description}` }))}
                data-testid="field-form-domain"
              />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item name="fieldName" label={t('library.fields.fieldName')} tooltip={t('library.fields.fieldNameHint')} rules={[required, schemaRule(shape.fieldName, t('library.fields.fieldNameHint'))]}>
              <Input data-testid="field-form-name" />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item name="fieldAnnotation" label={t('library.fields.fieldAnnotation')} rules={[schemaRule(shape.fieldAnnotation, t('validation.tooLong'))]}>
              <Input data-testid="field-form-annotation" />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="fieldLabel" label={t('library.fields.fieldLabel')} rules={[required, schemaRule(shape.fieldLabel, t('validation.tooLong'))]}>
              <Input data-testid="field-form-label" />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="fieldLabelEn" label={t('library.fields.fieldLabelEn')} rules={[required, schemaRule(shape.fieldLabelEn, t('validation.tooLong'))]}>
              <Input data-testid="field-form-labelEn" />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="instruction" label={t('library.fields.instruction')} rules={[schemaRule(shape.instruction, t('validation.tooLong'))]}>
              <Input.TextArea rows={2} data-testid="field-form-instruction" />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="instructionEn" label={t('library.fields.instructionEn')} rules={[schemaRule(shape.instructionEn, t('validation.tooLong'))]}>
              <Input.TextArea rows={2} data-testid="field-form-instructionEn" />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item name="type" label={t('library.fields.widgetType')} rules={[{ required: true, message: t('validation.required') }]}>
              <Select options={LIBRARY_WIDGET_TYPES.map((value) => ({ value, label: t(`library.widgetTypes.${value}`) }))} data-testid="field-form-type" />
            </Form.Item>
          </Col>
          {type === 'input' || type === 'number' ? (
            <>
              <Col xs={12} md={8}>
                <Form.Item name="dataType" label={t('library.fields.dataType')}>
                  <Select
                    options={LIBRARY_DATA_TYPES.filter((value) => type === 'input' || value !== 'string').map((value) => ({ value, label: t(`library.dataTypes.${value}`) }))}
                    data-testid="field-form-dataType"
                  />
                </Form.Item>
              </Col>
              <Col xs={12} md={8}>
                <Form.Item name="unit" label={t('library.fields.unit')} rules={[{ max: 64, message: t('validation.tooLong') }]}>
                  <Input data-testid="field-form-unit" />
                </Form.Item>
              </Col>
            </>
          ) : null}
          {choice ? (
            <Col xs={24} md={16}>
              <Form.Item name="dictKey" label={t('library.fields.dict')} tooltip={t('library.fields.dictHint')} rules={[{ required: true, message: t('library.fields.dictRequired') }]}>
                <Select
                  showSearch={{ optionFilterProp: 'label' }}
                  options={(dicts.data?.dictList ?? []).map((dict) => ({ value: dict.key, label: `${dict.key} ${dict.value}` }))}
                  data-testid="field-form-dict"
                />
              </Form.Item>
            </Col>
          ) : null}
        </Row>
      </Form>
    </FormModal>
  );
}
