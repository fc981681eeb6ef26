import { Empty, Form, Input, Modal, Radio, Select, Spin, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { CHANGE_REASONS, CHANGE_REASON_TEXT_MAX } from '@dcap/core';
import type { ChangeReasonCode, RecordPanel } from '@dcap/core';
import { currentLocale } from '../../i18n';
import { useCopyRecord, useCopySources } from './api';

interface CopyDialogProps {
  open: boolean;
  panel: RecordPanel;
  onClose: () => void;
  onCopied: (panel: RecordPanel) => void;
}

/**
 * Copy data from another instance of the same form of the same subject (spec 002 §2 "copy data from another
 * instance"). Overwriting saved data takes a reason (COMPLIANCE AT-2), asked here when the panel was saved.
 */
export function CopyDialog({ open, panel, onClose, onCopied }: CopyDialogProps) {
  const { t, i18n } = useTranslation();
  const locale = currentLocale(i18n);
  const sources = useCopySources(panel.panelInstanceId, open);
  const copy = useCopyRecord();
  const [form] = Form.useForm<{ source?: number; code?: ChangeReasonCode; text?: string }>();
  const code = Form.useWatch('code', form);
  const needsReason = panel.firstSavedAt !== null;
  const submit = async () => {
    const values = await form.validateFields();
    if (values.source === undefined) return;
    const reason = values.code ? { code: values.code, text: values.text?.trim() ? values.text.trim() : null } : undefined;
    const copied = await copy.mutateAsync({ panelInstanceId: panel.panelInstanceId, sourcePanelInstanceId: values.source, version: panel.version, ...(reason ? { reason } : {}) });
    onCopied(copied);
  };
  const list = sources.data ?? [];
  return (
    <Modal
      open={open}
      title={t('records.copy.title')}
      okText={t('records.copy.submit')}
      onCancel={onClose}
      onOk={() => void submit()}
      okButtonProps={{ disabled: list.length === 0 }}
      confirmLoading={copy.isPending}
      destroyOnHidden
      mask={{ closable: false }}
    >
      <Typography.Paragraph type="secondary">{t('records.copy.intro')}</Typography.Paragraph>
      {sources.isLoading ? <Spin /> : null}
      {!sources.isLoading && list.length === 0 ? <Empty description={t('records.copy.none')} /> : null}
      <Form form={form} layout="vertical" preserve={false}>
        {list.length > 0 ? (
          <Form.Item name="source" rules={[{ required: true, message: t('records.copy.none') }]}>
            <Radio.Group>
              {list.map((source) => (
                <Radio key={source.panelInstanceId} value={source.panelInstanceId} style={{ display: 'flex', marginBottom: 8 }}>
                  {t('records.copy.source', { event: locale === 'en-US' ? (source.eventNameEn ?? source.eventName) : source.eventName, seq: source.eventSeq })}{' '}
                  <Tag>{t(`records.status.${source.status}`)}</Tag>
                </Radio>
              ))}
            </Radio.Group>
          </Form.Item>
        ) : null}
        {needsReason && list.length > 0 ? (
          <>
            <Form.Item name="code" label={t('records.reason.title')} rules={[{ required: true, message: t('records.reason.required') }]}>
              <Select options={CHANGE_REASONS.map((reason) => ({ value: reason.code, label: reason[locale] }))} />
            </Form.Item>
            <Form.Item name="text" label={t('records.reason.text')} rules={[{ required: code === 'OTHER', whitespace: true, message: t('records.reason.textRequired') }]}>
              <Input.TextArea maxLength={CHANGE_REASON_TEXT_MAX} rows={2} />
            </Form.Item>
          </>
        ) : null}
      </Form>
    </Modal>
  );
}
