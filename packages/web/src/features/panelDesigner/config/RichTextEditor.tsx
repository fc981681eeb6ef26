import { BoldOutlined, ClearOutlined, ItalicOutlined, LinkOutlined, OrderedListOutlined, UnderlineOutlined, UnorderedListOutlined } from '@ant-design/icons';
import { Button, Flex, Input, Popover, Tooltip, Typography } from 'antd';
import type { ClipboardEvent, ReactNode } from 'react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { clearFormatting, endOf, insertHtml, LINK_PATTERN, makeList, rangeIn, sanitizeRichText, textToHtml, wrapSelection } from './richTextOps';

interface RichTextEditorProps {
  value: string;
  onChange: (html: string) => void;
  testId: string;
}

/**
 * Spec 001 §2.1 rich-text note: a contentEditable box with a small toolbar. What it reports is always
 * sanitised; pasted HTML is sanitised before it enters the box, and the box is cleaned when it loses focus.
 */
export function RichTextEditor({ value, onChange, testId }: RichTextEditorProps) {
  const { t } = useTranslation();
  const box = useRef<HTMLDivElement>(null);
  const reported = useRef<string | null>(null);
  const savedRange = useRef<Range | null>(null);
  const [linkOpen, setLinkOpen] = useState(false);
  const [linkUrl, setLinkUrl] = useState('https://');

  // The box is not controlled by React: it is refilled only when the value changes from outside.
  useEffect(() => {
    const root = box.current;
    if (!root || value === reported.current) return;
    root.innerHTML = sanitizeRichText(value);
    reported.current = value;
  }, [value]);

  const report = () => {
    const root = box.current;
    if (!root) return;
    const html = sanitizeRichText(root.innerHTML);
    if (html === reported.current) return;
    reported.current = html;
    onChange(html);
  };

  const withRange = (operation: (range: Range, root: HTMLElement) => unknown) => {
    const root = box.current;
    const range = root ? rangeIn(root) : null;
    if (!root || !range) return;
    operation(range, root);
    report();
  };

  const wrapIn = (tag: 'strong' | 'em' | 'u') => () => {
    withRange((range, root) => wrapSelection(range, root.ownerDocument.createElement(tag)));
  };

  const applyLink = () => {
    const root = box.current;
    const range = savedRange.current;
    if (!root || !range || !LINK_PATTERN.test(linkUrl.trim())) return;
    const link = root.ownerDocument.createElement('a');
    link.href = linkUrl.trim();
    link.target = '_blank';
    link.rel = 'noopener noreferrer';
    wrapSelection(range, link);
    setLinkOpen(false);
    report();
  };

  const onPaste = (event: ClipboardEvent<HTMLDivElement>) => {
    event.preventDefault();
    const root = box.current;
    if (!root) return;
    const html = event.clipboardData.getData('text/html') || textToHtml(event.clipboardData.getData('text/plain'));
    insertHtml(rangeIn(root) ?? endOf(root), sanitizeRichText(html));
    report();
  };

  const onBlur = () => {
    const root = box.current;
    if (!root) return;
    const html = sanitizeRichText(root.innerHTML);
    if (root.innerHTML !== html) root.innerHTML = html;
    report();
  };

  const tool = (name: string, icon: ReactNode, onClick: () => void) => (
    <Tooltip title={t(`designer.config.richText.${name}`)}>
      <Button
        size="small"
        type="text"
        icon={icon}
        aria-label={t(`designer.config.richText.${name}`)}
        // Keeps the selection in the box: a pressed button would otherwise take the focus.
        onMouseDown={(event) => event.preventDefault()}
        onClick={onClick}
        data-testid={`${testId}-${name}`}
      />
    </Tooltip>
  );

  const linkValid = LINK_PATTERN.test(linkUrl.trim());
  return (
    <div style={{ border: '1px solid #d9d9d9', borderRadius: 6 }}>
      <Flex gap={2} wrap style={{ borderBottom: '1px solid #f0f0f0', padding: 2 }}>
        {tool('bold', <BoldOutlined />, wrapIn('strong'))}
        {tool('italic', <ItalicOutlined />, wrapIn('em'))}
        {tool('underline', <UnderlineOutlined />, wrapIn('u'))}
        {tool('bulletList', <UnorderedListOutlined />, () => withRange((range) => makeList(range, 'ul')))}
        {tool('numberedList', <OrderedListOutlined />, () => withRange((range) => makeList(range, 'ol')))}
        <Popover
          open={linkOpen}
          onOpenChange={(open) => {
            if (!open) setLinkOpen(false);
          }}
          trigger="click"
          content={
            <Flex vertical gap={4} style={{ width: 260 }}>
              <Input
                size="small"
                value={linkUrl}
                aria-label={t('designer.config.richText.linkUrl')}
                placeholder={t('designer.config.richText.linkUrl')}
                status={linkValid ? undefined : 'error'}
                onChange={(event) => setLinkUrl(event.target.value)}
                onPressEnter={applyLink}
                data-testid={`${testId}-linkUrl`}
              />
              {linkValid ? null : <Typography.Text type="danger">{t('designer.config.richText.linkInvalid')}</Typography.Text>}
              <Button size="small" type="primary" disabled={!linkValid} onClick={applyLink} data-testid={`${testId}-linkApply`}>
                {t('designer.config.richText.linkApply')}
              </Button>
            </Flex>
          }
        >
          {tool('link', <LinkOutlined />, () => {
            const root = box.current;
            const range = root ? rangeIn(root) : null;
            if (!range || range.collapsed) return;
            savedRange.current = range.cloneRange();
            setLinkOpen(true);
          })}
        </Popover>
        {tool('clear', <ClearOutlined />, () => withRange((range, root) => clearFormatting(range, root)))}
      </Flex>
      <div
        ref={box}
        contentEditable
        suppressContentEditableWarning
        role="textbox"
        aria-multiline
        aria-label={t('designer.config.richText.editor')}
        style={{ minHeight: 120, padding: '4px 8px', outline: 'none' }}
        onInput={report}
        onPaste={onPaste}
        onBlur={onBlur}
        data-testid={testId}
      />
    </div>
  );
}
