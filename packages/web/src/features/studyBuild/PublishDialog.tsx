import { Alert, Descriptions, Flex, Form, Input, Modal, Spin } from 'antd';
import type { ButtonProps } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PUBLISH_NOTE_MAX } from '@dcap/core';
import type { PublishTarget } from '@dcap/core';
import { useDesignDiffQuery, usePublishDesignMutation } from '../../api/publishing';
import { currentLocale } from '../../i18n';
import { DefaultLabelWarning } from './DefaultLabelWarning';
import { DiffList } from './DiffList';
import { TARGET_LABEL_KEYS } from './labels';

type TestableButton = ButtonProps & Record<'data-testid', string>;
const CONFIRM_BUTTON: TestableButton = { 'data-testid': 'publish-confirm' };
const CANCEL_BUTTON: TestableButton = { 'data-testid': 'publish-cancel' };

interface PublishDialogProps {
  projectId: number;
  /** The environment to publish to; null keeps the dialog closed. */
  target: PublishTarget | null;
  onClose: () => void;
}

/** Shows what publishing would change and the labels left at their defaults, then publishes with an optional note. */
export function PublishDialog({ projectId, target, onClose }: PublishDialogProps) {
  const { t, i18n } = useTranslation();
  const english = currentLocale(i18n) === 'en-US';
  const diff = useDesignDiffQuery(projectId, target);
  const publish = usePublishDesignMutation();
  const [note, setNote] = useState('');
  const ready = diff.data !== undefined && !diff.isFetching;

  const onPublish = async () => {
    if (!target) return;
    try {
      await publish.mutateAsync({ projectId, target, ...(note.trim() ? { note: note.trim() } : {}) });
      onClose();
    } catch {
      // Reported by the client's notification; the dialog stays open so the note is not lost.
    }
  };

  return (
    <Modal
      open={target !== null}
      title={target ? t('design.publish.dialogTitle', { target: t(TARGET_LABEL_KEYS[target]) }) : ''}
      width={900}
      destroyOnHidden
      onCancel={onClose}
      afterClose={() => setNote('')}
      okText={t('design.publish.confirm')}
      okButtonProps={{ ...CONFIRM_BUTTON, disabled: !ready, loading: publish.isPending, danger: target === 'prd' }}
      cancelButtonProps={CANCEL_BUTTON}
      onOk={() => void onPublish()}
    >
      {diff.isError ? <Alert type="error" showIcon title={t('common.loadFailed')} /> : null}
      {!ready && !diff.isError ? <Spin /> : null}
      {ready ? (
        <Flex vertical gap={12} data-testid="publish-diff">
          <Descriptions
            size="small"
            column={2}
            items={[
              { key: 'current', label: t('design.publish.currentVersion'), children: diff.data.currentVersion === null ? t('design.publish.never') : `v${String(diff.data.currentVersion)}` },
              { key: 'count', label: t('design.publish.changeCount'), children: diff.data.changes.length },
            ]}
          />
          {target === 'prd' ? <Alert type="warning" showIcon title={t('design.publish.prdHint')} /> : null}
          <DefaultLabelWarning labels={diff.data.defaultLabels} />
          <DiffList changes={diff.data.changes} english={english} />
          <Form layout="vertical">
            <Form.Item label={t('design.publish.note')}>
              <Input.TextArea rows={2} maxLength={PUBLISH_NOTE_MAX} showCount value={note} onChange={(event) => setNote(event.target.value)} data-testid="publish-note" />
            </Form.Item>
          </Form>
        </Flex>
      ) : null}
    </Modal>
  );
}
