import { Alert, Button, Form, Input, Progress, Select, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { CHANGE_REASONS, CHANGE_REASON_TEXT_MAX, reasonComplete } from '@dcap/core';
import type { ChangeReason, ChangeReasonCode, ImportTask } from '@dcap/core';
import { currentLocale } from '../../i18n';
import { useConfirm } from '../../lib/confirm';
import { isApplying, useImportApply } from './api';

interface ReasonValues {
  code?: ChangeReasonCode;
  text?: string;
}

/**
 * Applying a checked task: a reason for change when saved values change (spec 002 §5), a confirmation that
 * says it is all or none, then the job's progress (rows checked) and its result.
 */
export function ApplyPanel({ task }: { task: ImportTask }) {
  const { t, i18n } = useTranslation();
  const locale = currentLocale(i18n);
  const confirm = useConfirm();
  const apply = useImportApply();
  const [form] = Form.useForm<ReasonValues>();
  const code = Form.useWatch('code', form);
  if (isApplying(task.status)) {
    const percent = task.progress.total > 0 ? Math.floor((task.progress.done * 100) / task.progress.total) : 0;
    return (
      <Space orientation="vertical" style={{ width: '100%' }} data-testid="import-progress">
        <Progress percent={percent} status="active" />
        <span>{t('imports.apply.progress', { done: task.progress.done, total: task.progress.total })}</span>
      </Space>
    );
  }
  if (task.status === 'applied') {
    return <Alert type="success" showIcon data-testid="import-result" title={t('imports.result.applied', { rows: task.rowsWritten, values: task.valuesChanged })} />;
  }
  if (task.status === 'failed') {
    return <Alert type="error" showIcon data-testid="import-result" title={t('imports.result.failed')} description={task.failure} />;
  }
  if (!task.canApply) return null;
  const needsReason = task.changesOfSaved > 0;
  const submit = async () => {
    const values = needsReason ? await form.validateFields().catch(() => null) : {};
    if (!values) return;
    const reason: ChangeReason | undefined = values.code ? { code: values.code, ...(values.text?.trim() ? { text: values.text.trim() } : {}) } : undefined;
    if (needsReason && !reasonComplete(reason)) return;
    confirm({
      title: t('imports.apply.confirmTitle'),
      content: t('imports.apply.confirmContent', { rows: task.rowsTotal }),
      okText: t('imports.apply.button'),
      onOk: () => apply.mutateAsync({ id: task.id, ...(reason ? { reason } : {}) }),
    });
  };
  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      {needsReason ? (
        <Form form={form} layout="inline" data-testid="import-reason">
          <Alert type="warning" showIcon style={{ width: '100%', marginBottom: 8 }} title={t('imports.apply.reasonNeeded', { count: task.changesOfSaved })} />
          <Form.Item name="code" label={t('imports.apply.reason')} rules={[{ required: true, message: t('imports.apply.reasonRequired') }]}>
            <Select style={{ minWidth: 200 }} data-testid="import-reason-code" options={CHANGE_REASONS.map((reason) => ({ value: reason.code, label: reason[locale] }))} />
          </Form.Item>
          <Form.Item name="text" label={t('imports.apply.reasonText')} rules={[{ required: code === 'OTHER', message: t('imports.apply.reasonTextRequired') }]}>
            <Input maxLength={CHANGE_REASON_TEXT_MAX} data-testid="import-reason-text" />
          </Form.Item>
        </Form>
      ) : null}
      <Button type="primary" loading={apply.isPending} onClick={() => void submit()} data-testid="import-apply">
        {t('imports.apply.button')}
      </Button>
    </Space>
  );
}
