import { Alert, Flex, Modal, Spin } from 'antd';
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
  /** Why the panel could not be shown, when known better than "could not load". */
  failure?: string;
  /** Controls above the panel (the version selector of an instrument's preview). */
  toolbar?: ReactNode;
  onClose: () => void;
}

/** A dialog showing one panel read-only (an instrument's draft or a published version of it). */
export function PanelPreviewModal({ open, title, panel, loading, failed, failure, toolbar, onClose }: PanelPreviewModalProps) {
  const { t } = useTranslation();
  let body: ReactNode = <Spin />;
  if (failed) body = <Alert type="error" showIcon title={failure ?? t('common.loadFailed')} data-testid="panel-preview-failed" />;
  else if (panel && !loading) body = <PanelView panel={panel} />;
  return (
    <Modal open={open} title={title} width={860} footer={null} onCancel={onClose} destroyOnHidden data-testid="panel-preview-modal">
      <Flex vertical gap={12}>
        {toolbar}
        {body}
      </Flex>
    </Modal>
  );
}
