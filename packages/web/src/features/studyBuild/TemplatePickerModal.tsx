import { Alert, Col, Divider, Form, Input, Row, Select, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { copyTemplateSchema } from '@dcap/core';
import { useCopyTemplateMutation, useInstrumentTemplatesQuery, useTemplatePanelQuery } from '../../api/instruments';
import { FormModal } from '../../components/FormModal';
import { currentLocale } from '../../i18n';
import { blankToNull, schemaRule } from '../../lib/formRules';
import { showServerErrors } from '../../lib/serverErrors';
import { localName } from './labels';
import { PanelView } from './PanelView';

interface TemplateFormValues {
  templateId?: number;
  name?: string | null;
  nameAbbr?: string | null;
}

const FIELDS = ['templateId', 'name', 'nameAbbr'];
const fields = copyTemplateSchema.shape;

/** Spec 001 §2.1 panel library: pick a template, look at its panel, copy it into the project. */
export function TemplatePickerModal({ open, projectId, onClose }: { open: boolean; projectId: number; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const english = currentLocale(i18n) === 'en-US';
  const [form] = Form.useForm<TemplateFormValues>();
  const templates = useInstrumentTemplatesQuery(open);
  const chosen = Form.useWatch('templateId', form);
  const preview = useTemplatePanelQuery(open && chosen !== undefined ? chosen : null);
  const copy = useCopyTemplateMutation();

  const onFinish = async (values: TemplateFormValues) => {
    if (values.templateId === undefined) return;
    const name = blankToNull(values.name);
    const nameAbbr = blankToNull(values.nameAbbr);
    try {
      await copy.mutateAsync({ projectId, templateId: values.templateId, ...(name ? { name } : {}), ...(nameAbbr ? { nameAbbr } : {}) });
      onClose();
    } catch (error) {
      showServerErrors(form, error, FIELDS, { 'instrument.abbr_taken': 'nameAbbr' });
    }
  };

  const options = (templates.data?.instruments ?? []).map((template) => ({
    value: template.id,
    label: `${template.nameAbbr} · ${localName(template, english)}`,
  }));

  return (
    <FormModal
      open={open}
      title={t('design.instruments.template.title')}
      width={860}
      onClose={onClose}
      onSubmit={() => form.submit()}
      submitting={copy.isPending}
      submitLabel={t('design.instruments.template.submit')}
      submitTestId="template-form-submit"
    >
      <Form<TemplateFormValues> form={form} preserve={false} layout="vertical" onFinish={(values) => void onFinish(values)} data-testid="template-form">
        <Form.Item name="templateId" label={t('design.instruments.template.template')} rules={[{ required: true, message: t('validation.required') }]}>
          <Select showSearch={{ optionFilterProp: 'label' }} loading={templates.isLoading} options={options} data-testid="template-form-template" />
        </Form.Item>
        <Row gutter={16}>
          <Col xs={24} md={12}>
            <Form.Item name="name" label={t('design.instruments.fields.name')} extra={t('design.instruments.template.keepHint')} rules={[schemaRule(fields.name, t('validation.tooLong'))]}>
              <Input data-testid="template-form-name" />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item
              name="nameAbbr"
              label={t('design.instruments.fields.nameAbbr')}
              extra={t('design.instruments.template.keepHint')}
              rules={[schemaRule(fields.nameAbbr, t('design.instruments.form.abbrFormat'))]}
            >
              <Input data-testid="template-form-abbr" />
            </Form.Item>
          </Col>
        </Row>
      </Form>
      {chosen === undefined ? null : (
        <>
          <Divider titlePlacement="start">{t('design.instruments.template.preview')}</Divider>
          {preview.isError ? <Alert type="error" showIcon title={t('common.loadFailed')} /> : null}
          {preview.data ? <PanelView panel={preview.data.panel} /> : preview.isLoading ? <Spin /> : null}
        </>
      )}
    </FormModal>
  );
}
