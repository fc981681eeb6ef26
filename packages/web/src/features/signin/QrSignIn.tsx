import { Button, Flex, QRCode, Typography } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { QR_AUTH_PATH } from '@dcap/core';
import { useQrPollQuery, useQrRequestMutation } from '../../api/signin';
import { useFinishSignIn } from './useFinishSignIn';

/**
 * The sign-in page's QR code (spec 000 §2.2 `/webApp/auth`; docs/decisions.md "Sign-in channels"): a short-lived
 * request whose address a signed-in phone opens and confirms; this page polls with the secret only it holds
 * and signs in when the session arrives. Expired and refused requests say so and offer a new code.
 */
export function QrSignIn({ projectId }: { projectId?: number } = {}) {
  const { t } = useTranslation();
  const finish = useFinishSignIn(projectId);
  const create = useQrRequestMutation();
  const request = create.data ?? null;
  const poll = useQrPollQuery(request, true);
  const state = poll.data?.state ?? 'pending';
  const login = poll.data?.login ?? null;
  const { mutate } = create;

  useEffect(() => {
    mutate();
  }, [mutate]);

  useEffect(() => {
    if (!login) return;
    void finish(login.token, login.user);
  }, [login, finish]);

  const url = request ? `${window.location.origin}${QR_AUTH_PATH}?id=${encodeURIComponent(request.id)}` : '';
  const closed = state === 'expired' || state === 'refused' || (state === 'used' && !login);
  const status = create.isError ? 'expired' : !request ? 'loading' : closed ? 'expired' : 'active';

  return (
    <Flex vertical align="center" gap={12} data-testid="qr-signin" data-qr-url={url} data-qr-state={state}>
      <QRCode value={url || '-'} status={status} size={200} onRefresh={() => create.mutate()} errorLevel="M" />
      <Typography.Text type={closed ? 'danger' : 'secondary'} data-testid="qr-status">
        {state === 'refused' ? t('signin.qr.refused') : state === 'expired' || create.isError ? t('signin.qr.expired') : state === 'confirmed' ? t('signin.qr.confirmed') : t('signin.qr.hint')}
      </Typography.Text>
      {closed || create.isError ? (
        <Button onClick={() => create.mutate()} data-testid="qr-refresh">
          {t('signin.qr.refresh')}
        </Button>
      ) : null}
    </Flex>
  );
}
