import { Button, Modal } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

interface FormModalProps {
  open: boolean;
  title: ReactNode;
  width?: number;
  /** Closes without saving (the cancel button, the close icon, Escape). */
  onClose: () => void;
  /** Submits the dialog's form; the form's own onFinish does the saving. */
  onSubmit: () => void;
  submitting: boolean;
  submitLabel?: string;
  submitTestId: string;
  cancelTestId?: string;
  afterClose?: () => void;
  children: ReactNode;
}

/**
 * The dialog every create and edit form uses: cancel and save in the footer, contents destroyed on close
 * so one opening never leaks values into the next.
 */
export function FormModal({ open, title, width = 640, onClose, onSubmit, submitting, submitLabel, submitTestId, cancelTestId, afterClose, children }: FormModalProps) {
  const { t } = useTranslation();
  return (
    <Modal
      open={open}
      title={title}
      width={width}
      destroyOnHidden
      onCancel={onClose}
      {...(afterClose ? { afterClose } : {})}
      footer={[
        <Button key="cancel" onClick={onClose} data-testid={cancelTestId}>
          {t('common.cancel')}
        </Button>,
        <Button key="submit" type="primary" loading={submitting} onClick={onSubmit} data-testid={submitTestId}>
          {submitLabel ?? t('common.save')}
        </Button>,
      ]}
    >
      {children}
    </Modal>
  );
}
