import { Badge, Button, Flex, Result, Spin, Typography } from 'antd';
import { useEffect, useState } from 'react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DESIGNER_HEIGHT_OFFSET } from '@dcap/core';
import './designer.css';
import { DesignEntryNotice } from './DesignEntryNotice';
import type { DesignEntry } from './useDesignAccess';

/** Spec 001 §2.1: the designer is the window height minus 150px. */
function useDesignerHeight(): number {
  const [height, setHeight] = useState(() => window.innerHeight - DESIGNER_HEIGHT_OFFSET);
  useEffect(() => {
    const resize = () => setHeight(window.innerHeight - DESIGNER_HEIGHT_OFFSET);
    window.addEventListener('resize', resize);
    return () => window.removeEventListener('resize', resize);
  }, []);
  return height;
}

interface BottomButtonsProps {
  onPreview: () => void;
  onClear: () => void;
  onJson: () => void;
  onSave: () => void;
  saving: boolean;
}

/** Spec 001 §2.1 bottom buttons: preview, clear (danger), generate JSON, save panel configuration. */
export function BottomButtons({ onPreview, onClear, onJson, onSave, saving }: BottomButtonsProps) {
  const { t } = useTranslation();
  return (
    <Flex gap={8} justify="center" style={{ padding: 8, borderTop: '1px solid #f0f0f0' }}>
      <Button onClick={onPreview} data-testid="designer-preview">
        {t('designer.buttons.preview')}
      </Button>
      <Button danger onClick={onClear} data-testid="designer-clear">
        {t('designer.buttons.clear')}
      </Button>
      <Button onClick={onJson} data-testid="designer-json">
        {t('designer.buttons.json')}
      </Button>
      <Button type="primary" loading={saving} onClick={onSave} data-testid="designer-save">
        {t('designer.buttons.save')}
      </Button>
    </Flex>
  );
}

interface DesignerLayoutProps {
  title: string;
  dirty: boolean;
  access: DesignEntry;
  loading: boolean;
  failed: boolean;
  left: ReactNode;
  top?: ReactNode;
  centre: ReactNode;
  right: ReactNode;
  bottom: ReactNode;
  /** Wraps the three columns, so one drag context spans palette and canvas. */
  wrapColumns?: (columns: ReactNode) => ReactNode;
}

/** The designers' frame: three columns (palette, canvas, configuration) and the button row. */
export function DesignerLayout({ title, dirty, access, loading, failed, left, top, centre, right, bottom, wrapColumns = (columns) => columns }: DesignerLayoutProps) {
  const { t } = useTranslation();
  const height = useDesignerHeight();
  if (access.access === 'refused') return <Result status="403" title={t('designer.refused')} data-testid="forbidden" />;
  if (access.access === 'noDevEnv') return <DesignEntryNotice entry={access} />;
  if (failed) return <Result status="error" title={t('designer.loadFailed')} />;
  if (access.access === 'checking' || loading) return <Spin style={{ display: 'block', marginTop: 80 }} />;
  return (
    <Flex vertical style={{ height, minHeight: 400 }} data-testid="designer">
      {/* The title and save state stay in view when the page scrolls under a short window. */}
      <Flex align="center" gap={8} className="dcap-designer-header" data-testid="designer-header">
        <Typography.Title level={4} style={{ margin: 0 }}>
          {title}
        </Typography.Title>
        {dirty ? <Badge status="warning" text={t('designer.unsaved')} data-testid="designer-unsaved" /> : null}
      </Flex>
      {wrapColumns(
      <Flex style={{ flex: 1, minHeight: 0 }} gap={8}>
        <div style={{ overflowY: 'auto' }}>{left}</div>
        <Flex vertical style={{ flex: 1, minWidth: 0 }} gap={8}>
          {top}
          <div style={{ flex: 1, overflowY: 'auto' }}>{centre}</div>
        </Flex>
        <div style={{ width: 340, overflowY: 'auto', borderLeft: '1px solid #f0f0f0', paddingLeft: 8 }}>{right}</div>
      </Flex>,
      )}
      {bottom}
    </Flex>
  );
}
