import { Flex, Input, Modal, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

interface ReasonModalProps {
  open: boolean;
  title: string;
  /** What is being decided or applied for, shown above the reason. */
  subject?: string;
  okText: string;
  danger?: boolean;
  /** A rejection needs a reason (docs/decisions.md, "Lifecycle gates"); approvals and applications may give one. */
  reasonRequired: boolean;
  loading?: boolean;
  onOk: (reason: string | null) => Promise<unknown>;
  onClose: () => void;
}

/** Asks for the reason of an application or a decision; the reason goes into the audit trail. */
export function ReasonModal({ open, title, subject, okText, danger = false, reasonRequired, loading = false, onOk, onClose }: ReasonModalProps) {
  const { t } = useTranslation();
  const [reason, setReason] = useState('');
  const [missing, setMissing] = useState(false);

  const submit = async () => {
    const trimmed = reason.trim();
    if (reasonRequired && trimmed === '') {
      setMissing(true);
      return;
    }
    try {
      await onOk(trimmed === '' ? null : trimmed);
      setReason('');
      setMissing(false);
      onClose();
    } catch {
      // The client has shown the server's refusal; the dialog stays open so the reason is not lost.
    }
  };

  return (
    <Modal
      open={open}
      title={title}
      okText={okText}
      cancelText={t('common.cancel')}
      okButtonProps={{ danger, loading, 'data-testid': 'reason-modal-ok' }}
      onOk={() => void submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Flex vertical gap={8}>
        {subject ? <span>{subject}</span> : null}
        <Input.TextArea
          rows={3}
          maxLength={1000}
          value={reason}
          status={missing ? 'error' : undefined}
          onChange={(event) => {
            setReason(event.target.value);
            setMissing(false);
          }}
          placeholder={reasonRequired ? t('lifecycle.reasonRequired') : t('lifecycle.reasonOptional')}
          data-testid="reason-modal-reason"
        />
        {missing ? (
          <Typography.Text type="danger" data-testid="reason-modal-missing">
            {t('lifecycle.reasonMissing')}
          </Typography.Text>
        ) : null}
      </Flex>
    </Modal>
  );
}
