import { Input, Modal, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { smartSplit } from '@dcap/core';
import { testButton } from '../buttonProps';

/** Spec 001 §2.1 and §5.2 smart split: pasted text split into pieces (whitespace, newlines, semicolons). */
export function SmartSplitDialog({ open, onClose, onApply, applyLabel }: { open: boolean; onClose: () => void; onApply: (pieces: string[]) => void; applyLabel?: string }) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const pieces = smartSplit(text);
  return (
    <Modal
      open={open}
      title={t('designer.dialogs.smartSplit.title')}
      onCancel={onClose}
      okText={applyLabel ?? t('designer.dialogs.smartSplit.asOptions')}
      okButtonProps={testButton('smart-split-apply', { disabled: pieces.length === 0 })}
      onOk={() => {
        onApply(pieces);
        setText('');
        onClose();
      }}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary">{t('designer.dialogs.smartSplit.hint')}</Typography.Paragraph>
      <Input.TextArea rows={6} value={text} placeholder={t('designer.dialogs.smartSplit.input')} onChange={(event) => setText(event.target.value)} data-testid="smart-split-input" />
      <Typography.Paragraph style={{ marginTop: 8 }}>{t('designer.dialogs.smartSplit.result', { count: pieces.length })}</Typography.Paragraph>
      <div data-testid="smart-split-result">
        {pieces.map((piece) => (
          <Tag key={piece}>{piece}</Tag>
        ))}
      </div>
    </Modal>
  );
}
