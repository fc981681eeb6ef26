import { List, Tag, Typography } from 'antd';
import type { Locale, Signature } from '@dcap/core';
import { SIGNATURE_MEANING_LABELS } from '@dcap/core';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { useSignedImageUrl } from '../../api/signature';
import { useSignatures } from './api';

/** Date, time and the zone's offset (COMPLIANCE ES-4, TS-2), in the browser's zone. */
const SIGNED_AT_FORMAT = 'YYYY-MM-DD HH:mm:ss [UTC]Z';

export interface SignatureListProps {
  subjectId: number;
  /** Only the signatures covering this panel (its own, its visit's and the subject's). */
  panelInstanceId?: number;
  /** Show the list's own title (off where the page already has one). */
  titled?: boolean;
}

/** The signer's signature image as it was when they signed (docs/decisions.md "Signature images"). */
function SignedImage({ signature }: { signature: Signature }) {
  const { t } = useTranslation();
  const url = useSignedImageUrl(signature.id);
  if (!url) return null;
  return (
    <div>
      <img src={url} alt={t('signatureImage.imageAlt', { name: signature.signerName })} style={{ maxHeight: 48, maxWidth: 200, marginTop: 4 }} data-testid={`signed-image-${String(signature.id)}`} />
    </div>
  );
}

/**
 * The electronic signatures of a subject or over one panel (COMPLIANCE ES-4): signer's full name at signing,
 * date and time with zone, meaning, reason, whether a later change broke it, and the signer's signature image
 * when they had one.
 */
export function SignatureList({ subjectId, panelInstanceId, titled = true }: SignatureListProps) {
  const { t, i18n } = useTranslation();
  const locale: Locale = i18n.language === 'en-US' ? 'en-US' : 'zh-CN';
  const query = useSignatures({ subjectId, panelInstanceId });
  const describe = (signature: Signature) => (
    <>
      <Typography.Text>{dayjs(signature.signedAt).format(SIGNED_AT_FORMAT)}</Typography.Text>
      {' · '}
      <Typography.Text>{SIGNATURE_MEANING_LABELS[signature.meaning][locale]}</Typography.Text>
      {signature.reason ? <Typography.Text type="secondary">{` · ${signature.reason}`}</Typography.Text> : null}
      {signature.hasImage ? <SignedImage signature={signature} /> : null}
      {signature.brokenAt ? (
        <div>
          <Typography.Text type="secondary">{t('workflow.signatures.brokenAt', { at: dayjs(signature.brokenAt).format(SIGNED_AT_FORMAT), by: signature.brokenBy ?? '' })}</Typography.Text>
        </div>
      ) : null}
    </>
  );
  return (
    <List
      size="small"
      header={titled ? <Typography.Text strong>{t('workflow.signatures.title')}</Typography.Text> : undefined}
      loading={query.isLoading}
      locale={{ emptyText: t('workflow.signatures.empty') }}
      dataSource={query.data ?? []}
      renderItem={(signature) => (
        <List.Item key={signature.id} extra={signature.brokenAt ? <Tag>{t('workflow.signatures.broken')}</Tag> : <Tag color="green">{t('workflow.signatures.valid')}</Tag>}>
          <List.Item.Meta title={`${signature.signerName} · ${t(`workflow.scope.${signature.scope}`)}`} description={describe(signature)} />
        </List.Item>
      )}
    />
  );
}
