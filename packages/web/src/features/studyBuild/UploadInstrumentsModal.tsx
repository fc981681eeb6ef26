import { DownloadOutlined, InboxOutlined } from '@ant-design/icons';
import { Alert, Button, Flex, List, Modal, Progress, Radio, Space, Typography, Upload } from 'antd';
import type { UploadProps } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { UPLOAD_MODES } from '@dcap/core';
import type { UploadMode } from '@dcap/core';
import { useDownloadUploadTemplateMutation, useUploadInstrumentsMutation } from '../../api/instruments';
import { currentLocale } from '../../i18n';
import { settle } from '../../lib/confirm';
import { saveJson } from './saveJson';
import type { UploadFailure } from './uploadIssues';
import { issueInstrumentIndex, readFileText, uploadFailureOf } from './uploadIssues';

type Stage = { kind: 'idle' } | { kind: 'reading'; fraction: number } | { kind: 'sending' } | { kind: 'done'; count: number } | { kind: 'failed'; failure: UploadFailure };

/** Reading the file fills the first half of the bar, the server's check and save the rest. */
function percentOf(stage: Stage): number {
  switch (stage.kind) {
    case 'idle':
      return 0;
    case 'reading':
      return Math.round(stage.fraction * 50);
    case 'sending':
      return 75;
    case 'done':
      return 100;
    case 'failed':
      return 100;
  }
}

/** The abbreviations of the file's entries, to name the panel each issue belongs to. */
function entryNames(file: unknown): string[] {
  if (typeof file !== 'object' || file === null || !('instruments' in file) || !Array.isArray(file.instruments)) return [];
  return (file.instruments as unknown[]).map((entry, index) =>
    typeof entry === 'object' && entry !== null && 'nameAbbr' in entry && typeof entry.nameAbbr === 'string' ? entry.nameAbbr : `#${String(index + 1)}`,
  );
}

/**
 * Uploads an instrument file (the download format) read in the browser. The server checks every panel and
 * changes nothing when any is invalid; its issues are listed per panel here.
 */
export function UploadInstrumentsModal({ open, projectId, onClose }: { open: boolean; projectId: number; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const english = currentLocale(i18n) === 'en-US';
  const upload = useUploadInstrumentsMutation();
  const example = useDownloadUploadTemplateMutation();
  const [mode, setMode] = useState<UploadMode>('append');
  const [stage, setStage] = useState<Stage>({ kind: 'idle' });
  const [names, setNames] = useState<string[]>([]);
  const busy = stage.kind === 'reading' || stage.kind === 'sending';

  const send = async (chosen: Blob) => {
    setStage({ kind: 'reading', fraction: 0 });
    let file: unknown;
    try {
      const text = await readFileText(chosen, (fraction) => setStage({ kind: 'reading', fraction }));
      file = JSON.parse(text) as unknown;
    } catch {
      setStage({ kind: 'failed', failure: { message: t('design.instruments.upload.notJson'), issues: [] } });
      return;
    }
    setNames(entryNames(file));
    setStage({ kind: 'sending' });
    try {
      const instruments = await upload.mutateAsync({ projectId, file, mode });
      setStage({ kind: 'done', count: instruments.length });
    } catch (error) {
      setStage({ kind: 'failed', failure: uploadFailureOf(error, t('design.instruments.upload.failed')) });
    }
  };

  const beforeUpload: UploadProps['beforeUpload'] = (chosen) => {
    void send(chosen);
    // The file is read here and sent as JSON; antd's own request is never made.
    return false;
  };

  const issueOwner = (path: string) => {
    const index = issueInstrumentIndex(path);
    return index === null ? t('design.instruments.upload.wholeFile') : (names[index] ?? `#${String(index + 1)}`);
  };

  return (
    <Modal
      open={open}
      title={t('design.instruments.upload.title')}
      width={720}
      footer={null}
      destroyOnHidden
      mask={{ closable: !busy }}
      closable={!busy}
      onCancel={onClose}
      afterClose={() => {
        setStage({ kind: 'idle' });
        setNames([]);
      }}
    >
      <Flex vertical gap={12}>
        <Flex align="center" gap={4} wrap>
          <Button
            type="link"
            icon={<DownloadOutlined />}
            loading={example.isPending}
            onClick={() => void settle(async () => saveJson(await example.mutateAsync()))}
            style={{ paddingInline: 0 }}
            data-testid="upload-download-template"
          >
            {t('design.instruments.upload.downloadTemplate')}
          </Button>
          <Typography.Text type="secondary">{t('design.instruments.upload.templateHint')}</Typography.Text>
        </Flex>
        <Radio.Group
          value={mode}
          disabled={busy}
          onChange={(event) => setMode(event.target.value as UploadMode)}
          options={UPLOAD_MODES.map((value) => ({ value, label: t(`design.instruments.upload.mode.${value}`) }))}
          data-testid="upload-mode"
        />
        {mode === 'replace' ? <Alert type="warning" showIcon title={t('design.instruments.upload.replaceWarning')} /> : null}
        <Upload.Dragger accept=".json,application/json" multiple={false} showUploadList={false} disabled={busy} beforeUpload={beforeUpload} data-testid="upload-file">
          <p className="ant-upload-drag-icon">
            <InboxOutlined />
          </p>
          <p>{t('design.instruments.upload.drop')}</p>
          <Typography.Text type="secondary">{t('design.instruments.upload.hint')}</Typography.Text>
        </Upload.Dragger>
        {stage.kind === 'idle' ? null : (
          <Progress
            percent={percentOf(stage)}
            status={stage.kind === 'failed' ? 'exception' : stage.kind === 'done' ? 'success' : 'active'}
            data-testid="upload-progress"
          />
        )}
        {stage.kind === 'sending' ? <Typography.Text type="secondary">{t('design.instruments.upload.sending')}</Typography.Text> : null}
        {stage.kind === 'done' ? (
          <Alert type="success" showIcon title={t('design.instruments.upload.done', { count: stage.count })} data-testid="upload-done" />
        ) : null}
        {stage.kind === 'failed' ? (
          <Alert
            type="error"
            showIcon
            title={stage.failure.message}
            data-testid="upload-failed"
            description={
              stage.failure.issues.length === 0 ? undefined : (
                <List
                  size="small"
                  dataSource={stage.failure.issues}
                  data-testid="upload-issues"
                  renderItem={(issue) => (
                    <List.Item>
                      <Space size={8} wrap>
                        <Typography.Text strong>{issueOwner(issue.path)}</Typography.Text>
                        <span>{english && issue.messageEn ? issue.messageEn : issue.message}</span>
                        <Typography.Text type="secondary" code>
                          {issue.path}
                        </Typography.Text>
                      </Space>
                    </List.Item>
                  )}
                />
              )
            }
          />
        ) : null}
      </Flex>
    </Modal>
  );
}
