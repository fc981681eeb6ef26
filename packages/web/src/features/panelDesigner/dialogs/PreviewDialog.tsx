import { Modal } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PREVIEW_UNMOUNT_MS } from '@dcap/core';
import type { Panel } from '@dcap/core';
import { FormRenderer } from '../../renderer';
import type { FormRendererHandle } from '../../renderer';
import { testButton } from '../buttonProps';

/**
 * Spec 001 §2.4 preview: the panel through the form renderer, with cancel and confirm. Confirm checks the
 * form; closing unmounts the form 300 ms later (§4.1), so the next opening starts blank.
 */
export function PreviewDialog({ open, panel, onClose }: { open: boolean; panel: Panel; onClose: () => void }) {
  const { t } = useTranslation();
  const handle = useRef<FormRendererHandle>(null);
  const [mounted, setMounted] = useState(false);
  const [checking, setChecking] = useState(false);
  useEffect(() => {
    if (open) {
      setMounted(true);
      return undefined;
    }
    const timer = setTimeout(() => {
      setMounted(false);
      setChecking(false);
    }, PREVIEW_UNMOUNT_MS);
    return () => clearTimeout(timer);
  }, [open]);
  const confirm = async () => {
    setChecking(true);
    const result = await handle.current?.validate();
    setChecking(false);
    if (!result || result.valid) onClose();
  };
  return (
    <Modal
      open={open}
      title={t('designer.dialogs.preview.title')}
      width={1100}
      onCancel={onClose}
      onOk={() => void confirm()}
      confirmLoading={checking}
      okButtonProps={testButton('preview-confirm')}
      cancelButtonProps={testButton('preview-cancel')}
      styles={{ body: { maxHeight: '70vh', overflowY: 'auto' } }}
    >
      <div data-testid="preview-form">{mounted ? <FormRenderer panel={panel} labelPosition={panel.config.labelPosition} handleRef={handle} preview /> : null}</div>
    </Modal>
  );
}
