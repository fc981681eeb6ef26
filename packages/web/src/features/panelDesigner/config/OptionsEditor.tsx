import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { App, Button, ColorPicker, Flex, Input, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { createOption, DICTIONARY_CHOSEN_NOTICE_MS, sanitizeBullseyeCode, sanitizeOptionCode } from '@dcap/core';
import type { DictEntry, OptionItem } from '@dcap/core';
import { DictionaryDialog } from '../dialogs/DictionaryDialog';
import { OptionsTextDialog } from '../dialogs/OptionsTextDialog';
import { SmartSplitDialog } from '../dialogs/SmartSplitDialog';

interface OptionsEditorProps {
  options: OptionItem[];
  onChange: (options: OptionItem[]) => void;
  /** Bullseye codes allow a minus and carry a colour (spec 001 §3.7, §5.2). */
  bullseye?: boolean;
  /** The derived designer shows Coding and Label only (spec 001 §2.2). */
  compact?: boolean;
  /** A dictionary was applied: its key becomes the widget's dictType. */
  onDictionary?: (entry: DictEntry) => void;
  projectId?: number | null;
}

type Dialog = 'none' | 'text' | 'dictionary' | 'split';

/** Spec 001 §2.1 options editor: Code (digits only) / Label / English label, add and delete, and the three helpers. */
export function OptionsEditor({ options, onChange, bullseye = false, compact = false, onDictionary, projectId = null }: OptionsEditorProps) {
  const { t, i18n } = useTranslation();
  const { notification } = App.useApp();
  const [dialog, setDialog] = useState<Dialog>('none');
  const change = (index: number, next: Partial<OptionItem>) => onChange(options.map((option, i) => (i === index ? { ...option, ...next } : option)));
  const sanitize = bullseye ? sanitizeBullseyeCode : sanitizeOptionCode;
  const appendLabels = (labels: string[]) => {
    const next = [...options];
    for (const label of labels) next.push({ ...createOption(next), label, labelEn: label });
    onChange(next);
  };
  const applyDictionary = (entry: DictEntry) => {
    onChange(entry.items.map((item) => ({ ...item })));
    onDictionary?.(entry);
    const name = i18n.language === 'en-US' && entry.valueEn ? entry.valueEn : entry.value;
    notification.success({ title: t('designer.dialogs.dictionary.chosen', { name }), duration: DICTIONARY_CHOSEN_NOTICE_MS / 1000 });
  };
  return (
    <Flex vertical gap={6} data-testid="options-editor">
      <Flex gap={4}>
        <Typography.Text type="secondary" style={{ width: 64 }}>
          {compact ? t('designer.derived.coding') : t('designer.options.code')}
        </Typography.Text>
        <Typography.Text type="secondary">{t('designer.options.label')}</Typography.Text>
      </Flex>
      {options.map((option, index) => (
        <Flex key={index} gap={4} align="center" data-testid={`option-row-${String(index)}`}>
          <Input
            style={{ width: 64 }}
            value={option.key}
            disabled={option.freeze === true}
            aria-label={t('designer.options.code')}
            // Spec 001 §5.2: the value follows the key.
            onChange={(event) => {
              const key = sanitize(event.target.value);
              change(index, { key, value: key });
            }}
            data-testid={`option-code-${String(index)}`}
          />
          <Input value={option.label} aria-label={t('designer.options.label')} onChange={(event) => change(index, { label: event.target.value })} data-testid={`option-label-${String(index)}`} />
          {compact ? null : (
            <Input
              value={option.labelEn ?? ''}
              aria-label={t('designer.options.labelEn')}
              placeholder={t('designer.options.labelEn')}
              onChange={(event) => change(index, { labelEn: event.target.value })}
              data-testid={`option-labelEn-${String(index)}`}
            />
          )}
          {bullseye ? <ColorPicker size="small" value={option.color ?? '#1677ff'} onChange={(color) => change(index, { color: color.toHexString() })} /> : null}
          <Button
            size="small"
            type="text"
            danger
            icon={<DeleteOutlined />}
            disabled={option.freeze === true}
            aria-label={t('designer.options.remove')}
            onClick={() => onChange(options.filter((_, i) => i !== index))}
            data-testid={`option-remove-${String(index)}`}
          />
        </Flex>
      ))}
      <Flex gap={4} wrap>
        <Button size="small" icon={<PlusOutlined />} onClick={() => onChange([...options, createOption(options)])} data-testid="option-add">
          {t('designer.options.add')}
        </Button>
        {compact ? null : (
          <>
            <Button size="small" onClick={() => setDialog('text')} data-testid="option-text">
              {t('designer.options.text')}
            </Button>
            <Button size="small" onClick={() => setDialog('dictionary')} data-testid="option-dictionary">
              {t('designer.options.dictionary')}
            </Button>
            <Button size="small" onClick={() => setDialog('split')} data-testid="option-split">
              {t('designer.options.smartSplit')}
            </Button>
          </>
        )}
      </Flex>
      <OptionsTextDialog open={dialog === 'text'} options={options} onClose={() => setDialog('none')} onApply={onChange} />
      <DictionaryDialog open={dialog === 'dictionary'} projectId={projectId} onClose={() => setDialog('none')} onChoose={applyDictionary} />
      <SmartSplitDialog open={dialog === 'split'} onClose={() => setDialog('none')} onApply={appendLabels} />
    </Flex>
  );
}
