import { Col, Form, Input, Radio, Row } from 'antd';
import { useTranslation } from 'react-i18next';
import { saveInstrumentSchema } from '@dcap/core';
import type { Instrument, InstrumentKind } from '@dcap/core';
import { useSaveInstrumentMutation } from '../../api/instruments';
import { FormModal } from '../../components/FormModal';
import { blankToNull, schemaRule } from '../../lib/formRules';
import { showServerErrors } from '../../lib/serverErrors';
import { INSTRUMENT_KIND_LABEL_KEYS } from './labels';

interface InstrumentFormValues {
  name: string;
  nameEn?: string | null;
  nameAbbr: string;
  kind: InstrumentKind;
  description?: string | null;
}

const FIELDS = ['name', 'nameEn', 'nameAbbr', 'kind', 'description'];
/** New instruments are form or derived-variable panels; external panels arrive by upload. */
const CREATABLE_KINDS: InstrumentKind[] = ['form', 'derived'];
const fields = saveInstrumentSchema.shape;

interface InstrumentFormModalProps {
  open: boolean;
  projectId: number;
  instrument: Instrument | null;
  onClose: () => void;
}

/** Creates or edits an instrument's identity (spec 002 §7 instrument/save); its panel is edited in the designer. */
export function InstrumentFormModal({ open, projectId, instrument, onClose }: InstrumentFormModalProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<InstrumentFormValues>();
  const save = useSaveInstrumentMutation();

  const onFinish = async (values: InstrumentFormValues) => {
    try {
      await save.mutateAsync({
        projectId,
        ...(instrument ? { id: instrument.id } : { kind: values.kind }),
        name: values.name.trim(),
        nameEn: blankToNull(values.nameEn),
        nameAbbr: values.nameAbbr.trim(),
        description: blankToNull(values.description),
      });
      onClose();
    } catch (error) {
      showServerErrors(form, error, FIELDS, { 'instrument.abbr_taken': 'nameAbbr' });
    }
  };

  const initialValues: Partial<InstrumentFormValues> = instrument
    ? { name: instrument.name, nameEn: instrument.nameEn, nameAbbr: instrument.nameAbbr, kind: instrument.kind, description: instrument.description }
    : { kind: 'form' };

  return (
    <FormModal
      open={open}
      title={instrument ? t('design.instruments.form.editTitle') : t('design.instruments.form.createTitle')}
      onClose={onClose}
      onSubmit={() => form.submit()}
      submitting={save.isPending}
      submitTestId="instrument-form-submit"
    >
      <Form<InstrumentFormValues>
        form={form}
        preserve={false}
        layout="vertical"
        initialValues={initialValues}
        onFinish={(values) => void onFinish(values)}
        data-testid="instrument-form"
      >
        <Row gutter={16}>
          <Col xs={24} md={12}>
            <Form.Item
              name="name"
              label={t('design.instruments.fields.name')}
              rules={[{ required: true, whitespace: true, message: t('validation.required') }, schemaRule(fields.name, t('validation.tooLong'))]}
            >
              <Input data-testid="instrument-form-name" />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="nameEn" label={t('design.instruments.fields.nameEn')} rules={[schemaRule(fields.nameEn, t('validation.tooLong'))]}>
              <Input data-testid="instrument-form-name-en" />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item
              name="nameAbbr"
              label={t('design.instruments.fields.nameAbbr')}
              extra={t('design.instruments.form.abbrHint')}
              rules={[{ required: true, whitespace: true, message: t('validation.required') }, schemaRule(fields.nameAbbr, t('design.instruments.form.abbrFormat'))]}
            >
              <Input data-testid="instrument-form-abbr" />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="kind" label={t('design.instruments.fields.kind')} extra={instrument ? t('design.instruments.form.kindFixed') : undefined}>
              <Radio.Group
                disabled={instrument !== null}
                options={(instrument && !CREATABLE_KINDS.includes(instrument.kind) ? [instrument.kind] : CREATABLE_KINDS).map((kind) => ({
                  value: kind,
                  label: t(INSTRUMENT_KIND_LABEL_KEYS[kind]),
                }))}
                data-testid="instrument-form-kind"
              />
            </Form.Item>
          </Col>
          <Col xs={24}>
            <Form.Item name="description" label={t('design.instruments.fields.description')} rules={[schemaRule(fields.description, t('validation.tooLong'))]}>
              <Input.TextArea rows={3} data-testid="instrument-form-description" />
            </Form.Item>
          </Col>
        </Row>
      </Form>
    </FormModal>
  );
}
