import { Form, Input, Modal, Select, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { CHANGE_REASONS, CHANGE_REASON_TEXT_MAX } from '@dcap/core';
import type { ChangeReason, ChangeReasonCode } from '@dcap/core';
import { currentLocale } from '../../i18n';

interface ReasonDialogProps {
  open: boolean;
  /** The changed saved fields and deleted rows, by label. */
  labels: string[];
  onCancel: () => void;
  onConfirm: (reason: ChangeReason) => void;
  confirming?: boolean;
}

/**
 * The reason for changing saved data (spec 002 §5 "A reason for modification must be chosen"; COMPLIANCE
 * AT-2): a reason from the list in core and free text, required with Other. One reason covers the save.
 */
export function ReasonDialog({ open, labels, onCancel, onConfirm, confirming = false }: ReasonDialogProps) {
  const { t, i18n } = useTranslation();
  const locale = currentLocale(i18n);
  const [form] = Form.useForm<{ code?: ChangeReasonCode; text?: string }>();
  const code = Form.useWatch('code', form);
  const submit = async () => {
    const values = await form.validateFields();
    if (!values.code) return;
    onConfirm({ code: values.code, text: values.text?.trim() ? values.text.trim() : null });
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
      <ul data-testid="reason-fields">
        {labels.map((label) => (
          <li key={label}>{label}</li>
        ))}
      </ul>
      <Form form={form} layout="vertical" preserve={false}>
        <Form.Item name="code" label={t('records.reason.code')} rules={[{ required: true, message: t('records.reason.required') }]}>
          <Select options={CHANGE_REASONS.map((reason) => ({ value: reason.code, label: reason[locale] }))} data-testid="reason-code" />
        </Form.Item>
        <Form.Item name="text" label={t('records.reason.text')} rules={[{ required: code === 'OTHER', whitespace: true, message: t('records.reason.textRequired') }]}>
          <Input.TextArea maxLength={CHANGE_REASON_TEXT_MAX} rows={3} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
