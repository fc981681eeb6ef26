import { CopyOutlined } from '@ant-design/icons';
import { App, Button, Modal, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** Spec 001 §2.1 JSON viewer: expandable to depth 10. Nodes start open down to this depth. */
const MAX_DEPTH = 10;
const OPEN_DEPTH = 2;

/** The value with object keys sorted at every level, so two panels compare line by line. */
export function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .map((key) => [key, sortKeys((value as Record<string, unknown>)[key])]),
    );
  }
  return value;
}

function Leaf({ value }: { value: unknown }) {
  const color = typeof value === 'string' ? '#a31515' : typeof value === 'number' ? '#098658' : '#0000ff';
  return <span style={{ color }}>{value === undefined ? 'undefined' : JSON.stringify(value)}</span>;
}

function JsonNode({ name, value, depth }: { name: string | null; value: unknown; depth: number }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(depth < OPEN_DEPTH);
  const label = name === null ? null : <span style={{ color: '#881391' }}>{name}: </span>;
  if (value === null || typeof value !== 'object') {
    return (
      <div>
        {label}
        <Leaf value={value} />
      </div>
    );
  }
  const entries: (readonly [string, unknown])[] = Array.isArray(value) ? (value as unknown[]).map((item, index) => [String(index), item] as const) : Object.entries(value);
  const [openMark, closeMark] = Array.isArray(value) ? ['[', ']'] : ['{', '}'];
  if (depth >= MAX_DEPTH) {
    return (
      <div>
        {label}
        <span>{JSON.stringify(value)}</span>
      </div>
    );
  }
  return (
    <div>
      <span
        role="button"
        tabIndex={0}
        style={{ cursor: 'pointer', userSelect: 'none' }}
        onClick={() => setOpen((current) => !current)}
        onKeyDown={(event) => {
          if (event.key === 'Enter') setOpen((current) => !current);
        }}
        aria-label={t(open ? 'designer.dialogs.json.collapse' : 'designer.dialogs.json.expand')}
      >
        {open ? '▾ ' : '▸ '}
        {label}
        {openMark}
        {open ? null : <Typography.Text type="secondary"> {t('designer.dialogs.json.items', { count: entries.length })} </Typography.Text>}
        {open ? null : closeMark}
      </span>
      {open ? (
        <>
          <div style={{ paddingLeft: 16 }}>
            {entries.map(([key, item]) => (
              <JsonNode key={key} name={key} value={item} depth={depth + 1} />
            ))}
          </div>
          <div>{closeMark}</div>
        </>
      ) : null}
    </div>
  );
}

/** Spec 001 §2.1: the generated JSON, sorted, expandable to depth 10, copyable. */
export function JsonViewerDialog({ open, value, onClose }: { open: boolean; value: unknown; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const sorted = useMemo(() => sortKeys(value), [value]);
  const text = useMemo(() => JSON.stringify(sorted, null, 2), [sorted]);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      void message.success(t('designer.dialogs.json.copied'));
    } catch {
      // Without clipboard access (an insecure page) the text stays selectable in the viewer.
      void message.warning(t('designer.dialogs.json.copyFailed'));
    }
  };
  return (
    <Modal
      open={open}
      title={t('designer.dialogs.json.title')}
      width={900}
      destroyOnHidden
      onCancel={onClose}
      footer={[
        <Button key="copy" icon={<CopyOutlined />} onClick={() => void copy()} data-testid="json-copy">
          {t('designer.dialogs.json.copy')}
        </Button>,
        <Button key="close" type="primary" onClick={onClose} data-testid="json-close">
          {t('common.confirm')}
        </Button>,
      ]}
    >
      <pre hidden data-testid="json-text">
        {text}
      </pre>
      <div style={{ fontFamily: 'monospace', fontSize: 12, maxHeight: '60vh', overflow: 'auto' }} data-testid="json-tree">
        <JsonNode name={null} value={sorted} depth={0} />
      </div>
    </Modal>
  );
}
