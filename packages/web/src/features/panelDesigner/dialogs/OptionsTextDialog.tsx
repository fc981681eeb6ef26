import { Alert, Input, Modal, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatOptionsText, parseOptionsText } from '@dcap/core';
import type { OptionItem } from '@dcap/core';
import { testButton } from '../buttonProps';

/**
 * Spec 001 §2.1 and §5.2 edit-options-as-text dialog: one "code,value,label" line per option. Invalid
 * lines are ignored; when no line is valid the dialog is not applied.
 */
export function OptionsTextDialog({ open, options, onClose, onApply }: { open: boolean; options: OptionItem[]; onClose: () => void; onApply: (options: OptionItem[]) => void }) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const [invalid, setInvalid] = useState(false);
  useEffect(() => {
    if (open) {
      setText(formatOptionsText(options));
      setInvalid(false);
    }
  }, [open, options]);
  const apply = () => {
    const parsed = parseOptionsText(text);
    if (!parsed) {
      setInvalid(true);
      return;
    }
    // English labels survive when the code is kept.
    onApply(parsed.map((option) => ({ ...option, labelEn: options.find((old) => old.key === option.key)?.labelEn ?? option.label })));
    onClose();
  };
  return (
    <Modal open={open} title={t('designer.dialogs.optionsText.title')} onCancel={onClose} onOk={apply} okButtonProps={testButton('options-text-apply')} destroyOnHidden>
      <Typography.Paragraph type="secondary">{t('designer.dialogs.optionsText.hint')}</Typography.Paragraph>
      <Input.TextArea rows={8} value={text} onChange={(event) => setText(event.target.value)} data-testid="options-text-input" />
      {invalid ? <Alert style={{ marginTop: 8 }} type="warning" showIcon title={t('designer.dialogs.optionsText.invalid')} /> : null}
    </Modal>
  );
}
