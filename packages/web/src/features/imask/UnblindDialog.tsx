import { Form, Input } from 'antd';
import type { ReactNode } from 'react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppInit } from '../../app/initContext';
import { isApiError } from '../../api/errors';
import { ReauthDialog } from '../workflow/ReauthDialog';
import type { ReauthBody } from './api';

const REASON_MAX = 2000;

interface UnblindDialogProps {
  open: boolean;
  title: ReactNode;
  warning: ReactNode;
  confirmText: ReactNode;
  loading: boolean;
  /** Sends the call; a refusal (wrong password, not allowed now) stays in the dialog. */
  onSubmit: (body: ReauthBody) => Promise<unknown>;
  onCancel: () => void;
}

/**
 * Unblinding asks for a reason and the caller's own login name and password again, as a signature does
 * (docs/decisions.md, "Randomisation, blinding and supply"; COMPLIANCE ES-1).
 */
export function UnblindDialog({ open, title, warning, confirmText, loading, onSubmit, onCancel }: UnblindDialogProps) {
  const { t } = useTranslation();
  const init = useAppInit();
  const [error, setError] = useState<string | null>(null);
  const close = () => {
    setError(null);
    onCancel();
  };
  return (
    <ReauthDialog
      open={open}
      title={title}
      warning={warning}
      confirmText={confirmText}
      defaultUsername={init.user.username}
      loading={loading}
      error={error}
      onCancel={close}
      onConfirm={(values) => {
        setError(null);
        const reason = typeof values.unblindReason === 'string' ? values.unblindReason.trim() : '';
        onSubmit({ reason, username: values.username, password: values.password }).then(
          () => setError(null),
          (failure: unknown) => setError(isApiError(failure) ? failure.msg : String(failure)),
        );
      }}
    >
      <Form.Item name="unblindReason" label={t('imask.unblind.reason')} rules={[{ required: true, whitespace: true, message: t('imask.unblind.reasonRequired') }]}>
        <Input.TextArea rows={3} maxLength={REASON_MAX} data-testid="unblind-reason" />
      </Form.Item>
    </ReauthDialog>
  );
}
