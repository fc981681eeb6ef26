import { Flex, Select, Typography } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DATE_TIME_FORMAT } from '@dcap/core';
import type { Instrument } from '@dcap/core';
import { isApiError } from '../../api/errors';
import { useInstrumentPreviewQuery, useInstrumentVersionPreviewQuery } from '../../api/instruments';
import { useDesignVersionsQuery } from '../../api/publishing';
import { PanelPreviewModal } from './PanelPreviewModal';

/** What the preview shows: the development draft or one published design version. */
type Shown = 'draft' | number;

/**
 * The published versions to choose from. It lives inside the dialog, so the versions are read only when a
 * preview is open, not with every instrument list.
 */
function VersionSelect({ projectId, value, onChange }: { projectId: number; value: Shown; onChange: (shown: Shown) => void }) {
  const { t } = useTranslation();
  const versions = useDesignVersionsQuery(projectId);
  const options = [
    { value: 'draft', label: t('design.preview.draft') },
    ...(versions.data ?? []).map((version) => {
      const date = dayjs(version.publishedAt).format(DATE_TIME_FORMAT);
      const running = version.environments.length > 0 ? ` (${version.environments.join(', ')})` : '';
      return { value: String(version.version), label: `${t('design.preview.versionOption', { version: version.version, date })}${running}` };
    }),
  ];
  return (
    <Flex align="center" gap={8}>
      <Typography.Text>{t('design.preview.version')}</Typography.Text>
      <Select
        style={{ minWidth: 280 }}
        value={String(value)}
        loading={versions.isLoading}
        options={options}
        onChange={(chosen: string) => onChange(chosen === 'draft' ? 'draft' : Number(chosen))}
        data-testid="preview-version"
      />
    </Flex>
  );
}

interface InstrumentPreviewModalProps {
  projectId: number;
  /** The instrument previewed; null while the dialog is closed. */
  instrument: Instrument | null;
  title: ReactNode;
  onClose: () => void;
}

/**
 * An instrument's panel read-only: the draft by default, or the panel as a published design version holds
 * it, so a designer can see what test or production runs beside what is being edited.
 */
export function InstrumentPreviewModal({ projectId, instrument, title, onClose }: InstrumentPreviewModalProps) {
  const { t } = useTranslation();
  // The choice belongs to one instrument: opening another starts again from its draft.
  const [choice, setChoice] = useState<{ instrumentId: number; shown: Shown } | null>(null);
  const instrumentId = instrument?.id ?? null;
  const shown: Shown = choice !== null && choice.instrumentId === instrumentId ? choice.shown : 'draft';
  const draft = useInstrumentPreviewQuery(projectId, shown === 'draft' ? instrumentId : null);
  const published = useInstrumentVersionPreviewQuery(projectId, instrumentId, shown === 'draft' ? null : shown);
  const query = shown === 'draft' ? draft : published;

  let failure: string | undefined;
  if (shown !== 'draft' && isApiError(published.error)) {
    failure = published.error.errorCode === 'instrument.not_found' ? t('design.preview.notInVersion') : published.error.msg || undefined;
  }

  return (
    <PanelPreviewModal
      open={instrument !== null}
      title={title}
      panel={query.data?.panel}
      loading={query.isLoading}
      failed={query.isError}
      {...(failure ? { failure } : {})}
      toolbar={
        instrumentId === null ? null : (
          <VersionSelect projectId={projectId} value={shown} onChange={(next) => setChoice({ instrumentId, shown: next })} />
        )
      }
      onClose={onClose}
    />
  );
}
