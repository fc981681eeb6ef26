import { Flex, Form, Input, Modal, Select, Switch, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { CHANGE_REASONS, CHANGE_REASON_TEXT_MAX } from '@dcap/core';
import type { ChangeReason, ChangeReasonCode } from '@dcap/core';
import { currentLocale } from '../../i18n';

export interface ReasonField {
  path: string;
  label: string;
}

interface ReasonDialogProps {
  open: boolean;
  /** The changed saved fields and deleted rows. */
  fields: ReasonField[];
  onCancel: () => void;
  /** The reason of each field by path. */
  onConfirm: (reasons: Record<string, ChangeReason>) => void;
  confirming?: boolean;
}

interface ReasonValues {
  code?: ChangeReasonCode;
  text?: string;
  perField?: boolean;
  fields?: Record<string, { code?: ChangeReasonCode; text?: string } | undefined>;
}

const reasonOf = (code: ChangeReasonCode, text: string | undefined): ChangeReason => ({ code, text: text?.trim() ? text.trim() : null });

/**
 * The reason for changing saved data (spec 002 §5 "A reason for modification must be chosen"; COMPLIANCE
 * AT-2): a reason from the list in core and free text, required with Other. One reason covers every changed
 * field, or, when the user asks for it, each field gets its own; either way each field's audit row carries
 * its reason.
 */
export function ReasonDialog({ open, fields, onCancel, onConfirm, confirming = false }: ReasonDialogProps) {
  const { t, i18n } = useTranslation();
  const locale = currentLocale(i18n);
  const [form] = Form.useForm<ReasonValues>();
  const code = Form.useWatch('code', form);
  const perField = Form.useWatch('perField', form) === true;
  const fieldCodes = Form.useWatch('fields', form);
  const options = CHANGE_REASONS.map((reason) => ({ value: reason.code, label: reason[locale] }));
  const submit = async () => {
    // The form shows its own complaints; a refused validation only stops here.
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    if (values.perField) {
      const reasons: Record<string, ChangeReason> = {};
      for (const field of fields) {
        const own = values.fields?.[field.path];
        if (!own?.code) return;
        reasons[field.path] = reasonOf(own.code, own.text);
      }
      onConfirm(reasons);
      return;
    }
    if (!values.code) return;
    const reason = reasonOf(values.code, values.text);
    onConfirm(Object.fromEntries(fields.map((field) => [field.path, reason])));
  };
  return (
    <Modal
      open={open}
      title={t('records.reason.title')}
      onCancel={onCancel}
      onOk={() => void submit()}
      confirmLoading={confirming}
      destroyOnHidden
      afterClose={() => form.resetFields()}
      mask={{ closable: false }}
    >
      <Typography.Paragraph>{t('records.reason.intro')}</Typography.Paragraph>
      <Form form={form} layout="vertical" preserve={false}>
        {fields.length > 1 ? (
          <Form.Item name="perField" valuePropName="checked" label={t('records.reason.perField')}>
            <Switch size="small" data-testid="reason-per-field" />
          </Form.Item>
        ) : null}
        {perField ? (
          <div data-testid="reason-field-list">
            {fields.map((field) => (
              <Flex key={field.path} vertical gap={4} style={{ marginBottom: 12 }}>
                <Typography.Text strong>{field.label}</Typography.Text>
                <Form.Item name={['fields', field.path, 'code']} rules={[{ required: true, message: t('records.reason.required') }]} style={{ marginBottom: 4 }}>
                  <Select options={options} placeholder={t('records.reason.code')} data-testid={`reason-code-${field.path}`} />
                </Form.Item>
                <Form.Item
                  name={['fields', field.path, 'text']}
                  rules={[{ required: fieldCodes?.[field.path]?.code === 'OTHER', whitespace: true, message: t('records.reason.textRequired') }]}
                  style={{ marginBottom: 0 }}
                >
                  <Input placeholder={t('records.reason.text')} maxLength={CHANGE_REASON_TEXT_MAX} data-testid={`reason-text-${field.path}`} />
                </Form.Item>
              </Flex>
            ))}
          </div>
        ) : (
          <>
            <ul data-testid="reason-fields">
              {fields.map((field) => (
                <li key={field.path}>{field.label}</li>
              ))}
            </ul>
            <Form.Item name="code" label={t('records.reason.code')} rules={[{ required: true, message: t('records.reason.required') }]}>
              <Select options={options} data-testid="reason-code" />
            </Form.Item>
            <Form.Item name="text" label={t('records.reason.text')} rules={[{ required: code === 'OTHER', whitespace: true, message: t('records.reason.textRequired') }]}>
              <Input.TextArea maxLength={CHANGE_REASON_TEXT_MAX} rows={3} />
            </Form.Item>
          </>
        )}
      </Form>
    </Modal>
  );
}
