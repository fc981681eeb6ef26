import { InboxOutlined } from '@ant-design/icons';
import { Alert, Button, Flex, Modal, Space, Spin, Table, Tag, Typography, Upload } from 'antd';
import type { TableColumnsType, UploadProps } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { OdmImportReport } from '@dcap/core';
import { isApiError } from '../../api/errors';
import { currentLocale } from '../../i18n';
import { useOdmImportMutation } from './api';

type PlannedPanel = OdmImportReport['instruments'][number];
type PlannedVisit = OdmImportReport['events'][number];
type Note = OdmImportReport['notes'][number];

type Stage =
  | { kind: 'idle' }
  | { kind: 'previewing' }
  | { kind: 'preview'; file: File; report: OdmImportReport }
  | { kind: 'applying'; file: File; report: OdmImportReport }
  | { kind: 'done'; panels: number; visits: number }
  | { kind: 'failed'; message: string };

/**
 * Import of the study design of a CDISC ODM 1.3.2 file (docs/decisions.md, "CDISC ODM"): the chosen file is
 * sent for a dry run, its panels, visits and per-element report are shown, and only the confirmation applies
 * it to the development draft — all or none. A blocking note leaves nothing to confirm; the server refuses
 * such a file anyway.
 */
export function OdmImportModal({ open, projectId, onClose }: { open: boolean; projectId: number; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const english = currentLocale(i18n) === 'en-US';
  const importOdm = useOdmImportMutation();
  const [stage, setStage] = useState<Stage>({ kind: 'idle' });
  const busy = stage.kind === 'previewing' || stage.kind === 'applying';
  const failure = (error: unknown) => ({ kind: 'failed' as const, message: isApiError(error) && error.msg ? error.msg : t('odm.import.failed') });

  const preview = async (file: File) => {
    setStage({ kind: 'previewing' });
    try {
      setStage({ kind: 'preview', file, report: await importOdm.mutateAsync({ projectId, file, dryRun: true }) });
    } catch (error) {
      setStage(failure(error));
    }
  };

  const apply = async (file: File, report: OdmImportReport) => {
    setStage({ kind: 'applying', file, report });
    try {
      const applied = await importOdm.mutateAsync({ projectId, file, dryRun: false });
      setStage({ kind: 'done', panels: applied.instruments.length, visits: applied.events.length });
    } catch (error) {
      setStage(failure(error));
    }
  };

  const beforeUpload: UploadProps['beforeUpload'] = (file) => {
    void preview(file);
    // The file goes to the import call; antd's own request is never made.
    return false;
  };

  const name = (row: { name: string; nameEn: string | null }) => (english && row.nameEn ? row.nameEn : row.name);
  const panelColumns: TableColumnsType<PlannedPanel> = [
    { title: t('odm.import.columns.abbr'), dataIndex: 'nameAbbr', key: 'nameAbbr', width: 160 },
    { title: t('odm.import.columns.name'), key: 'name', render: (_, row) => name(row) },
    { title: t('odm.import.columns.fields'), dataIndex: 'fields', key: 'fields', width: 100 },
  ];
  const visitColumns: TableColumnsType<PlannedVisit> = [
    { title: t('odm.import.columns.visit'), key: 'name', render: (_, row) => name(row) },
    { title: t('odm.import.columns.type'), dataIndex: 'type', key: 'type', width: 120, render: (type: string) => <Tag>{type}</Tag> },
    { title: t('odm.import.columns.forms'), key: 'forms', render: (_, row) => row.forms.join(', ') },
  ];
  const noteColumns: TableColumnsType<Note> = [
    { title: t('odm.import.columns.element'), dataIndex: 'element', key: 'element', width: 150 },
    { title: t('odm.import.columns.oid'), key: 'oid', width: 180, render: (_, note) => <Typography.Text code>{note.oid}</Typography.Text> },
    {
      title: t('odm.import.columns.level'),
      key: 'level',
      width: 150,
      render: (_, note) => <Tag color={note.blocking ? 'red' : 'orange'}>{t(note.blocking ? 'odm.import.level.blocking' : 'odm.import.level.warning')}</Tag>,
    },
    { title: t('odm.import.columns.reason'), dataIndex: 'message', key: 'message' },
  ];

  const shown = stage.kind === 'preview' || stage.kind === 'applying' ? stage : null;
  const blocking = shown ? shown.report.notes.filter((note) => note.blocking).length : 0;
  // What blocks the import is listed first, so it is seen without scrolling.
  const notes = shown ? [...shown.report.notes].sort((a, b) => Number(b.blocking) - Number(a.blocking)) : [];
  const empty = shown ? shown.report.instruments.length === 0 && shown.report.events.length === 0 : true;

  return (
    <Modal
      open={open}
      title={t('odm.import.title')}
      width={1100}
      footer={
        shown ? (
          <Space>
            <Button disabled={busy} onClick={() => setStage({ kind: 'idle' })} data-testid="odm-choose-again">
              {t('odm.import.chooseAgain')}
            </Button>
            <Button
              type="primary"
              loading={stage.kind === 'applying'}
              disabled={blocking > 0 || empty}
              onClick={() => void apply(shown.file, shown.report)}
              data-testid="odm-confirm"
            >
              {t('odm.import.confirm')}
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
          {t('odm.import.intro')}
        </Typography.Paragraph>
        {stage.kind === 'idle' || stage.kind === 'failed' ? (
          <Upload.Dragger accept=".xml,application/xml,text/xml" multiple={false} showUploadList={false} beforeUpload={beforeUpload} data-testid="odm-file">
            <p className="ant-upload-drag-icon">
              <InboxOutlined />
            </p>
            <p>{t('odm.import.drop')}</p>
            <Typography.Text type="secondary">{t('odm.import.hint')}</Typography.Text>
          </Upload.Dragger>
        ) : null}
        {stage.kind === 'previewing' || stage.kind === 'applying' ? (
          <Space>
            <Spin size="small" />
            <Typography.Text type="secondary">{t(stage.kind === 'previewing' ? 'odm.import.previewing' : 'odm.import.applying')}</Typography.Text>
          </Space>
        ) : null}
        {stage.kind === 'failed' ? <Alert type="error" showIcon title={t('odm.import.failed')} description={stage.message} data-testid="odm-failed" /> : null}
        {stage.kind === 'done' ? <Alert type="success" showIcon title={t('odm.import.done', { panels: stage.panels, visits: stage.visits })} data-testid="odm-done" /> : null}
        {shown ? (
          <>
            <Typography.Text type="secondary" data-testid="odm-study">
              {t('odm.import.study', { study: shown.report.studyOid, version: shown.report.versionOid })}
            </Typography.Text>
            {blocking > 0 ? <Alert type="error" showIcon title={t('odm.import.blocked', { count: blocking })} data-testid="odm-blocked" /> : null}
            <Typography.Title level={5} style={{ margin: 0 }}>
              {t('odm.import.panelsTitle', { count: shown.report.instruments.length })}
            </Typography.Title>
            <Table<PlannedPanel> size="small" rowKey="nameAbbr" pagination={false} columns={panelColumns} dataSource={shown.report.instruments} data-testid="odm-panels" />
            <Typography.Title level={5} style={{ margin: 0 }}>
              {t('odm.import.visitsTitle', { count: shown.report.events.length })}
            </Typography.Title>
            <Table<PlannedVisit>
              size="small"
              rowKey={(row) => `${row.name}-${row.type}`}
              pagination={false}
              columns={visitColumns}
              dataSource={shown.report.events}
              data-testid="odm-visits"
            />
            <Typography.Title level={5} style={{ margin: 0 }}>
              {t('odm.import.reportTitle', { count: shown.report.notes.length })}
            </Typography.Title>
            {shown.report.notes.length === 0 ? (
              <Alert type="success" showIcon title={t('odm.import.reportEmpty')} />
            ) : (
              <Table<Note>
                size="small"
                rowKey={(note) => `${note.element}-${note.oid}-${note.code}-${note.message}`}
                pagination={false}
                scroll={{ y: 320 }}
                columns={noteColumns}
                dataSource={notes}
                data-testid="odm-report"
              />
            )}
          </>
        ) : null}
      </Flex>
    </Modal>
  );
}
