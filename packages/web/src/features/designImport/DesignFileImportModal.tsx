import { InboxOutlined } from '@ant-design/icons';
import { Alert, Button, Flex, Modal, Space, Spin, Typography, Upload } from 'antd';
import type { UploadProps } from 'antd';
import type { ReactNode } from 'react';
import { useState } from 'react';
import { isApiError } from '../../api/errors';

type Stage<R> =
  | { kind: 'idle' }
  | { kind: 'previewing' }
  | { kind: 'preview'; file: File; result: R }
  | { kind: 'applying'; file: File; result: R }
  | { kind: 'done'; message: string }
  | { kind: 'failed'; message: string };

/** The dialog's words, already in the reader's language. */
export interface DesignFileImportTexts {
  title: string;
  intro: string;
  drop: string;
  hint: string;
  previewing: string;
  applying: string;
  failed: string;
  chooseAgain: string;
  confirm: string;
}

export interface DesignFileImportProps<R> {
  open: boolean;
  onClose: () => void;
  /** Prefix of the dialog's test ids (`<prefix>-file`, `-confirm`, `-choose-again`, `-failed`, `-done`). */
  testId: string;
  accept: string;
  texts: DesignFileImportTexts;
  /** Sends the file: a dry run answers the plan, the confirmation applies it (all or none on the server). */
  send: (file: File, dryRun: boolean) => Promise<R>;
  /** Whether the previewed plan may be applied. */
  canConfirm: (preview: R) => boolean;
  /** What the dialog says once the file was applied. */
  doneText: (applied: R) => string;
  /** The dry run's plan and report. */
  renderPreview: (preview: R) => ReactNode;
}

/**
 * A design file imported into the development draft (docs/design-import.md, docs/decisions.md "CDISC ODM"):
 * the chosen file is sent for a dry run, its plan is shown, and only the confirmation applies it. The REDCap
 * and ODM imports differ only in the file they take and the plan they show.
 */
export function DesignFileImportModal<R>({ open, onClose, testId, accept, texts, send, canConfirm, doneText, renderPreview }: DesignFileImportProps<R>) {
  const [stage, setStage] = useState<Stage<R>>({ kind: 'idle' });
  const busy = stage.kind === 'previewing' || stage.kind === 'applying';
  const failure = (error: unknown): Stage<R> => ({ kind: 'failed', message: isApiError(error) && error.msg ? error.msg : texts.failed });

  const preview = async (file: File) => {
    setStage({ kind: 'previewing' });
    try {
      setStage({ kind: 'preview', file, result: await send(file, true) });
    } catch (error) {
      setStage(failure(error));
    }
  };

  const apply = async (file: File, result: R) => {
    setStage({ kind: 'applying', file, result });
    try {
      setStage({ kind: 'done', message: doneText(await send(file, false)) });
    } catch (error) {
      setStage(failure(error));
    }
  };

  const beforeUpload: UploadProps['beforeUpload'] = (file) => {
    void preview(file);
    // The file goes to the import call; antd's own request is never made.
    return false;
  };

  const shown = stage.kind === 'preview' || stage.kind === 'applying' ? stage : null;

  return (
    <Modal
      open={open}
      title={texts.title}
      width={1100}
      footer={
        shown ? (
          <Space>
            <Button disabled={busy} onClick={() => setStage({ kind: 'idle' })} data-testid={`${testId}-choose-again`}>
              {texts.chooseAgain}
            </Button>
            <Button type="primary" loading={stage.kind === 'applying'} disabled={!canConfirm(shown.result)} onClick={() => void apply(shown.file, shown.result)} data-testid={`${testId}-confirm`}>
              {texts.confirm}
            </Button>
          </Space>
        ) : null
      }
      destroyOnHidden
      mask={{ closable: !busy }}
      closable={!busy}
      onCancel={onClose}
      afterClose={() => setStage({ kind: 'idle' })}
    >
      <Flex vertical gap={12}>
        <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
          {texts.intro}
        </Typography.Paragraph>
        {stage.kind === 'idle' || stage.kind === 'failed' ? (
          <Upload.Dragger accept={accept} multiple={false} showUploadList={false} beforeUpload={beforeUpload} data-testid={`${testId}-file`}>
            <p className="ant-upload-drag-icon">
              <InboxOutlined />
            </p>
            <p>{texts.drop}</p>
            <Typography.Text type="secondary">{texts.hint}</Typography.Text>
          </Upload.Dragger>
        ) : null}
        {busy ? (
          <Space>
            <Spin size="small" />
            <Typography.Text type="secondary">{stage.kind === 'previewing' ? texts.previewing : texts.applying}</Typography.Text>
          </Space>
        ) : null}
        {stage.kind === 'failed' ? <Alert type="error" showIcon title={texts.failed} description={stage.message} data-testid={`${testId}-failed`} /> : null}
        {stage.kind === 'done' ? <Alert type="success" showIcon title={stage.message} data-testid={`${testId}-done`} /> : null}
        {shown ? renderPreview(shown.result) : null}
      </Flex>
    </Modal>
  );
}
