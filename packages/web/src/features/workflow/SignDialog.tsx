import { Button, Checkbox, Form, Select, Typography } from 'antd';
import type { Locale, Signature, SignatureMeaning, SignatureScope } from '@dcap/core';
import { SIGNATURE_ATTESTATION, SIGNATURE_MEANING_LABELS, SIGNATURE_MEANINGS } from '@dcap/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppInit } from '../../app/initContext';
import { ApiError } from '../../api/errors';
import { useSign } from './api';
import { ReauthDialog } from './ReauthDialog';
import { auditStepsOf } from './rights';

const localeOf = (language: string): Locale => (language === 'en-US' ? 'en-US' : 'zh-CN');

export interface SignDialogProps {
  open: boolean;
  scope: SignatureScope;
  /** The panel instance, event instance or subject id. */
  id: number;
  onClose: () => void;
  onSigned?: (signature: Signature) => void;
}

/**
 * The electronic signature of a panel, a visit or a subject (COMPLIANCE ES-1, ES-3, ES-6): the attestation
 * text from core in the user's language, acknowledged; the meaning from core's list; an optional reason; then
 * the signer's own login name and password. A refusal (wrong password, data not ready) stays in the dialog.
 */
export function SignDialog({ open, scope, id, onClose, onSigned }: SignDialogProps) {
  const { t, i18n } = useTranslation();
  const locale = localeOf(i18n.language);
  const init = useAppInit();
  const sign = useSign();
  const [error, setError] = useState<string | null>(null);
  const close = () => {
    setError(null);
    onClose();
  };

  return (
    <ReauthDialog
      open={open}
      title={t('workflow.sign.title', { scope: t(`workflow.scope.${scope}`) })}
      withReason
      defaultUsername={init.user.username}
      confirmText={t('workflow.sign.button')}
      loading={sign.isPending}
      error={error}
      onCancel={close}
      onConfirm={(values) => {
        setError(null);
        sign
          .mutateAsync({
            scope,
            id,
            username: values.username,
            password: values.password,
            meaning: values.meaning as SignatureMeaning,
            reason: values.reason?.trim() ? values.reason : undefined,
            attested: true,
          })
          .then(
            (signature) => {
              close();
              onSigned?.(signature);
            },
            (failure: unknown) => setError(failure instanceof ApiError ? failure.msg : String(failure)),
          );
      }}
    >
      <Typography.Title level={5}>{t('workflow.sign.attestation')}</Typography.Title>
      <Typography.Paragraph data-testid="signature-attestation" style={{ background: 'var(--ant-color-fill-tertiary, #f5f5f5)', padding: 12, borderRadius: 6 }}>
        {SIGNATURE_ATTESTATION[locale]}
      </Typography.Paragraph>
      <Form.Item
        name="attested"
        valuePropName="checked"
        rules={[{ validator: (_rule, value) => (value === true ? Promise.resolve() : Promise.reject(new Error(t('workflow.sign.attestedRequired')))) }]}
      >
        <Checkbox data-testid="signature-attested">{t('workflow.sign.attested')}</Checkbox>
      </Form.Item>
      <Form.Item name="meaning" label={t('workflow.sign.meaning')} rules={[{ required: true, message: t('workflow.sign.meaningRequired') }]}>
        <Select data-testid="signature-meaning" options={SIGNATURE_MEANINGS.map((meaning) => ({ value: meaning, label: SIGNATURE_MEANING_LABELS[meaning][locale] }))} />
      </Form.Item>
    </ReauthDialog>
  );
}

export interface SignButtonProps {
  scope: SignatureScope;
  id: number;
  onSigned?: (signature: Signature) => void;
}

/**
 * A "Sign" button for a panel, a visit or a subject, opening the signature dialog. Disabled without the sign
 * right or when the project's process does not use signatures (ES-7; the server checks the site too).
 */
export function SignButton({ scope, id, onSigned }: SignButtonProps) {
  const { t } = useTranslation();
  const init = useAppInit();
  const [open, setOpen] = useState(false);
  const used = auditStepsOf(init).includes('sign');
  const allowed = used && init.projectAbilities['record.sign'] === true;
  return (
    <>
      <Button data-testid={`${scope === 'event' ? 'visit' : scope}-sign-${String(id)}`} disabled={!allowed} title={used ? undefined : t('workflow.sign.notUsed')} onClick={() => setOpen(true)}>
        {t('workflow.sign.button')}
      </Button>
      <SignDialog open={open} scope={scope} id={id} onClose={() => setOpen(false)} onSigned={onSigned} />
    </>
  );
}
