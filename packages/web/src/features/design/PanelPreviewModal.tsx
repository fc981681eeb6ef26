import { Alert, Modal, Spin } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Panel } from '@dcap/core';
import { PanelView } from './PanelView';

interface PanelPreviewModalProps {
  open: boolean;
  title: ReactNode;
  panel: Panel | undefined;
  loading: boolean;
  failed: boolean;
  onClose: () => void;
}

/** A dialog showing one panel read-only (an instrument's draft or a library template). */
export function PanelPreviewModal({ open, title, panel, loading, failed, onClose }: PanelPreviewModalProps) {
  const { t } = useTranslation();
  let body: ReactNode = <Spin />;
  if (failed) body = <Alert type="error" showIcon title={t('common.loadFailed')} />;
  else if (panel && !loading) body = <PanelView panel={panel} />;
  return (
    <Modal open={open} title={title} width={860} footer={null} onCancel={onClose} destroyOnHidden data-testid="panel-preview-modal">
      {body}
    </Modal>
  );
}
