import { Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import type { User } from '@dcap/core';
import { SignaturePanel } from '../account/SignaturePanel';

/** A user's signature image and its history in user administration, where it may be replaced (docs/decisions.md "Signature images"). */
export function UserSignatureModal({ user, onClose }: { user: User | null; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal open={user !== null} title={t('signatureImage.adminTitle', { name: user?.name ?? '' })} footer={null} onCancel={onClose} destroyOnHidden width={640}>
      {user ? <SignaturePanel userId={user.id} name={user.name} /> : null}
    </Modal>
  );
}
