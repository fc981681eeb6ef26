import { Col, Form, Input, Row, Select, Spin } from 'antd';
import type { FormRule } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DEFAULT_LABEL_COL, DEFAULT_LABEL_POSITION, panelSchema, saveSysTemplateSchema } from '@dcap/core';
import type { Panel } from '@dcap/core';
import { useSaveTemplateMutation, useStandardFieldListQuery, useTemplateQuery } from '../../api/library';
import { FormModal } from '../../components/FormModal';
import { schemaRule } from '../../lib/formRules';
import { showServerErrors } from '../../lib/serverErrors';

interface TemplateFormValues {
  name: string;
  nameEn: string;
  nameAbbr: string;
  description?: string;
  descriptionEn?: string;
  panel: string;
}

const FIELDS = ['name', 'nameEn', 'nameAbbr', 'description', 'descriptionEn', 'panel'];
const CODE_FIELDS = { 'library.template_abbr_taken': 'nameAbbr', 'design.panel_invalid': 'panel' };
const shape = saveSysTemplateSchema.shape;
const EMPTY_PANEL: Panel = { list: [], config: { labelWidth: DEFAULT_LABEL_COL, labelPosition: DEFAULT_LABEL_POSITION } };
const pretty = (panel: Panel) => JSON.stringify(panel, null, 2);

/** The panel text parsed and shape-checked with core's panelSchema, or the reason it is not a panel. */
function parsePanel(text: string): { panel: Panel } | { error: string } {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (error) {
    return { error: error instanceof Error ? error.message : String(error) };
  }
  const parsed = panelSchema.safeParse(raw);
  return parsed.success ? { panel: parsed.data } : { error: parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; ') };
}

/**
 * Create or edit a panel template. The panel is edited as JSON (the designer builds panels; a template is
 * often one saved from it), and standard variables can be appended to it by name.
 */
export function TemplateFormModal({ open, templateId, onClose }: { open: boolean; templateId: number | null; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<TemplateFormValues>();
  const [appendNames, setAppendNames] = useState<string[]>([]);
  const save = useSaveTemplateMutation();
  const detail = useTemplateQuery(open ? templateId : null);
  const variables = useStandardFieldListQuery('', '');
  const loading = templateId !== null && !detail.data;

  const panelRule: FormRule = {
    validator: (_rule, text: string | undefined) => {
      const result = parsePanel(text ?? '');
      return 'error' in result ? Promise.reject(new Error(t('library.common.invalidJson', { detail: result.error }))) : Promise.resolve();
    },
  };

  const append = (names: string[]) => {
    setAppendNames([]);
    const result = parsePanel(form.getFieldValue('panel') as string);
    if ('error' in result) {
      void form.validateFields(['panel']);
      return;
    }
    const present = new Set(result.panel.list.map((widget) => widget.key));
    const added = (variables.data ?? []).filter((field) => names.includes(field.fieldName) && !present.has(field.widget.key)).map((field) => field.widget);
    form.setFieldValue('panel', pretty({ ...result.panel, list: [...result.panel.list, ...added] }));
  };

  const onFinish = async (values: TemplateFormValues) => {
    const result = parsePanel(values.panel);
    if ('error' in result) return;
    const optional = (value: string | undefined) => value?.trim() ?? '';
    try {
      await save.mutateAsync({
        ...(templateId === null ? {} : { id: templateId }),
        name: values.name.trim(),
        nameEn: values.nameEn.trim(),
        nameAbbr: values.nameAbbr.trim(),
        description: optional(values.description),
        descriptionEn: optional(values.descriptionEn),
        panel: result.panel,
      });
      onClose();
    } catch (error) {
      showServerErrors(form, error, FIELDS, CODE_FIELDS);
    }
  };
  const required = { required: true, whitespace: true, message: t('validation.required') };
  const initial: Partial<TemplateFormValues> = detail.data
    ? { name: detail.data.name, nameEn: detail.data.nameEn, nameAbbr: detail.data.nameAbbr, description: detail.data.description, descriptionEn: detail.data.descriptionEn, panel: pretty(detail.data.panel) }
    : { panel: pretty(EMPTY_PANEL) };

  return (
    <FormModal
      open={open}
      title={templateId === null ? t('library.templates.createTitle') : t('library.templates.editTitle')}
      width={880}
      onClose={onClose}
      onSubmit={() => form.submit()}
      submitting={save.isPending}
      submitTestId="template-form-submit"
    >
      {loading ? (
        <Spin />
      ) : (
        <Form<TemplateFormValues> form={form} preserve={false} layout="vertical" initialValues={initial} onFinish={(values) => void onFinish(values)} data-testid="template-form">
          <Row gutter={16}>
            <Col xs={24} md={9}>
              <Form.Item name="name" label={t('library.templates.name')} rules={[required, schemaRule(shape.name, t('validation.tooLong'))]}>
                <Input data-testid="template-form-name" />
              </Form.Item>
            </Col>
            <Col xs={24} md={9}>
              <Form.Item name="nameEn" label={t('library.templates.nameEn')} rules={[required, schemaRule(shape.nameEn, t('validation.tooLong'))]}>
                <Input data-testid="template-form-nameEn" />
              </Form.Item>
            </Col>
            <Col xs={24} md={6}>
              <Form.Item name="nameAbbr" label={t('library.templates.nameAbbr')} tooltip={t('library.templates.abbrHint')} rules={[required, schemaRule(shape.nameAbbr, t('library.templates.abbrHint'))]}>
                <Input data-testid="template-form-abbr" />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item name="description" label={t('library.templates.description')} rules={[schemaRule(shape.description, t('validation.tooLong'))]}>
                <Input data-testid="template-form-description" />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item name="descriptionEn" label={t('library.templates.descriptionEn')} rules={[schemaRule(shape.descriptionEn, t('validation.tooLong'))]}>
                <Input data-testid="template-form-descriptionEn" />
              </Form.Item>
            </Col>
            <Col xs={24}>
              <Form.Item label={t('library.templates.addVariables')}>
                <Select
                  mode="multiple"
                  value={appendNames}
                  onChange={setAppendNames}
                  onBlur={() => {
                    if (appendNames.length > 0) append(appendNames);
                  }}
                  placeholder={t('library.templates.addVariablesPlaceholder')}
                  showSearch={{ optionFilterProp: 'label' }}
                  options={(variables.data ?? []).map((field) => ({ value: field.fieldName, label: `${field.domain} · ${field.fieldName} ${field.fieldLabel}` }))}
                  data-testid="template-form-variables"
                />
              </Form.Item>
            </Col>
            <Col xs={24}>
              <Form.Item name="panel" label={t('library.templates.panel')} tooltip={t('library.templates.panelHint')} rules={[panelRule]}>
                <Input.TextArea rows={14} spellCheck={false} style={{ fontFamily: 'monospace' }} data-testid="template-form-panel" />
              </Form.Item>
            </Col>
          </Row>
        </Form>
      )}
    </FormModal>
  );
}
