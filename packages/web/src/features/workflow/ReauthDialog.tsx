import { Alert, Button, Form, Input, Modal } from 'antd';
import type { ReactNode } from 'react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

export interface ReauthValues {
  username: string;
  password: string;
  reason?: string;
}

export interface ReauthDialogProps {
  open: boolean;
  /** Defaults to "confirm your identity". */
  title?: ReactNode;
  /** Shown above the credentials (an attestation, a choice); its form items join the dialog's form. */
  children?: ReactNode;
  /** Offer the optional reason textarea (spec 001 §2.3, one variant). */
  withReason?: boolean;
  /** The warning description; defaults to the re-authentication warning. */
  warning?: ReactNode;
  confirmText?: ReactNode;
  /** The login name filled in when the dialog opens (the signed-in user's); still editable and checked by the server. */
  defaultUsername?: string;
  /** A refusal to show inside the dialog (wrong password, data not ready …). */
  error?: string | null;
  loading?: boolean;
  /** Receives every value of the form: the credentials, the reason and those of `children`. */
  onConfirm: (values: ReauthValues & Record<string, unknown>) => void;
  onCancel: () => void;
}

/**
 * The re-authentication dialog of spec 001 §2.3: a titled confirm with login name and password, optionally a
 * reason, a warning description and a confirm button. Generic: the electronic signature puts its attestation
 * and meaning inside (COMPLIANCE ES-1, ES-6). The password is cleared each time the dialog opens.
 */
export function ReauthDialog({ open, title, children, withReason, warning, confirmText, defaultUsername, error, loading, onConfirm, onCancel }: ReauthDialogProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<ReauthValues & Record<string, unknown>>();
  useEffect(() => {
    if (!open) return;
    form.setFieldValue('password', '');
    if (defaultUsername) form.setFieldValue('username', defaultUsername);
  }, [open, form, defaultUsername]);
  const submit = () => void form.validateFields().then(onConfirm, () => undefined);
  const required = (field: string) => [{ required: true, message: t('workflow.reauth.required', { field }) }];

  return (
    <Modal
      open={open}
      title={title ?? t('workflow.reauth.title')}
      mask={{ closable: false }}
      destroyOnHidden
      onCancel={onCancel}
      modalRender={(node) => <div data-testid="reauth-dialog">{node}</div>}
      footer={[
        <Button key="cancel" data-testid="reauth-cancel" onClick={onCancel}>
          {t('common.cancel')}
        </Button>,
        <Button key="ok" type="primary" data-testid="reauth-submit" loading={loading} onClick={submit}>
          {confirmText ?? t('workflow.reauth.confirm')}
        </Button>,
      ]}
    >
      <Form form={form} layout="vertical" autoComplete="off" preserve={false}>
        {children}
        <Alert type="warning" showIcon title={warning ?? t('workflow.reauth.warning')} style={{ marginBottom: 16 }} />
        <Form.Item name="username" label={t('workflow.reauth.username')} rules={required(t('workflow.reauth.username'))}>
          <Input autoComplete="off" maxLength={64} data-testid="reauth-username" />
        </Form.Item>
        <Form.Item name="password" label={t('workflow.reauth.password')} rules={required(t('workflow.reauth.password'))}>
          <Input.Password autoComplete="new-password" maxLength={100} data-testid="reauth-password" onPressEnter={submit} />
        </Form.Item>
        {withReason ? (
          <Form.Item name="reason" label={t('workflow.reauth.reason')}>
            <Input.TextArea rows={3} maxLength={1024} data-testid="reauth-reason" />
          </Form.Item>
        ) : null}
        {error ? <Alert type="error" showIcon title={error} /> : null}
      </Form>
    </Modal>
  );
}
