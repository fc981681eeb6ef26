import { InboxOutlined } from '@ant-design/icons';
import { Alert, Button, Flex, Modal, Space, Spin, Table, Tag, Typography, Upload } from 'antd';
import type { TableColumnsType, UploadProps } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isDataWidget } from '@dcap/core';
import type { RedcapImportResult, RedcapReportEntry, Widget } from '@dcap/core';
import { isApiError } from '../../api/errors';
import { useRedcapImportMutation } from '../../api/designImport';
import { currentLocale } from '../../i18n';

type PlannedPanel = RedcapImportResult['panels'][number];

type Stage =
  | { kind: 'idle' }
  | { kind: 'previewing' }
  | { kind: 'preview'; file: File; result: RedcapImportResult }
  | { kind: 'applying'; file: File; result: RedcapImportResult }
  | { kind: 'done'; count: number }
  | { kind: 'failed'; message: string };

/** The fields of a planned panel as the preview lists them: value fields and section labels, in order. */
function listedWidgets(panel: PlannedPanel): Widget[] {
  return panel.panel.list.filter((widget) => isDataWidget(widget) || widget.type === 'blank');
}

/**
 * Import of a REDCap data dictionary (docs/design-import.md): the chosen CSV is sent for a dry run, the
 * panels and the per-field report are shown, and only the confirmation creates the panels (all or none).
 */
export function RedcapImportModal({ open, projectId, onClose }: { open: boolean; projectId: number; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const english = currentLocale(i18n) === 'en-US';
  const importRedcap = useRedcapImportMutation();
  const [stage, setStage] = useState<Stage>({ kind: 'idle' });
  const busy = stage.kind === 'previewing' || stage.kind === 'applying';
  const failure = (error: unknown) => ({ kind: 'failed' as const, message: isApiError(error) && error.msg ? error.msg : t('designImport.redcap.failed') });

  const preview = async (file: File) => {
    setStage({ kind: 'previewing' });
    try {
      setStage({ kind: 'preview', file, result: await importRedcap.mutateAsync({ projectId, file, dryRun: true }) });
    } catch (error) {
      setStage(failure(error));
    }
  };

  const apply = async (file: File, result: RedcapImportResult) => {
    setStage({ kind: 'applying', file, result });
    try {
      const created = await importRedcap.mutateAsync({ projectId, file, dryRun: false });
      setStage({ kind: 'done', count: created.panels.length });
    } catch (error) {
      setStage(failure(error));
    }
  };

  const beforeUpload: UploadProps['beforeUpload'] = (file) => {
    void preview(file);
    // The file goes to the import call; antd's own request is never made.
    return false;
  };

  const panelColumns: TableColumnsType<PlannedPanel> = [
    { title: t('designImport.redcap.columns.abbr'), dataIndex: 'nameAbbr', key: 'nameAbbr' },
    { title: t('designImport.redcap.columns.name'), key: 'name', render: (_, panel) => (english ? panel.nameEn : panel.name) },
    { title: t('designImport.redcap.columns.fieldCount'), dataIndex: 'fieldCount', key: 'fieldCount', width: 100 },
  ];
  const fieldColumns: TableColumnsType<Widget> = [
    { title: t('designImport.redcap.columns.model'), dataIndex: 'model', key: 'model' },
    { title: t('designImport.redcap.columns.label'), key: 'label', render: (_, widget) => (english && widget.nameEn ? widget.nameEn : widget.name) },
    { title: t('designImport.redcap.columns.type'), key: 'type', render: (_, widget) => <Tag>{widget.type}</Tag> },
  ];
  const reportColumns: TableColumnsType<RedcapReportEntry> = [
    { title: t('designImport.redcap.columns.line'), dataIndex: 'line', key: 'line', width: 70 },
    { title: t('designImport.redcap.columns.form'), dataIndex: 'form', key: 'form', width: 130 },
    { title: t('designImport.redcap.columns.field'), dataIndex: 'field', key: 'field', width: 130 },
    { title: t('designImport.redcap.columns.what'), key: 'what', width: 110, render: (_, entry) => t(`designImport.redcap.what.${entry.what}`) },
    {
      title: t('designImport.redcap.columns.level'),
      key: 'level',
      width: 90,
      render: (_, entry) => <Tag color={entry.level === 'warning' ? 'orange' : 'default'}>{t(`designImport.redcap.level.${entry.level}`)}</Tag>,
    },
    { title: t('designImport.redcap.columns.reason'), key: 'reason', render: (_, entry) => (english ? entry.messageEn : entry.message) },
    {
      title: t('designImport.redcap.columns.source'),
      key: 'source',
      render: (_, entry) => (entry.source === '' ? null : <Typography.Text code>{entry.source}</Typography.Text>),
    },
  ];

  const shown = stage.kind === 'preview' || stage.kind === 'applying' ? stage : null;
  const warnings = shown ? shown.result.report.filter((entry) => entry.level === 'warning').length : 0;

  return (
    <Modal
      open={open}
      title={t('designImport.redcap.title')}
      width={1100}
      footer={
        shown ? (
          <Space>
            <Button disabled={busy} onClick={() => setStage({ kind: 'idle' })} data-testid="redcap-choose-again">
              {t('designImport.redcap.chooseAgain')}
            </Button>
            <Button
              type="primary"
              loading={stage.kind === 'applying'}
              disabled={shown.result.panels.length === 0}
              onClick={() => void apply(shown.file, shown.result)}
              data-testid="redcap-confirm"
            >
              {t('designImport.redcap.confirm')}
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
          {t('designImport.redcap.intro')}
        </Typography.Paragraph>
        {stage.kind === 'idle' || stage.kind === 'failed' ? (
          <Upload.Dragger accept=".csv,text/csv" multiple={false} showUploadList={false} beforeUpload={beforeUpload} data-testid="redcap-file">
            <p className="ant-upload-drag-icon">
              <InboxOutlined />
            </p>
            <p>{t('designImport.redcap.drop')}</p>
            <Typography.Text type="secondary">{t('designImport.redcap.hint')}</Typography.Text>
          </Upload.Dragger>
        ) : null}
        {stage.kind === 'previewing' || stage.kind === 'applying' ? (
          <Space>
            <Spin size="small" />
            <Typography.Text type="secondary">{t(stage.kind === 'previewing' ? 'designImport.redcap.previewing' : 'designImport.redcap.applying')}</Typography.Text>
          </Space>
        ) : null}
        {stage.kind === 'failed' ? <Alert type="error" showIcon title={t('designImport.redcap.failed')} description={stage.message} data-testid="redcap-failed" /> : null}
        {stage.kind === 'done' ? <Alert type="success" showIcon title={t('designImport.redcap.done', { count: stage.count })} data-testid="redcap-done" /> : null}
        {shown ? (
          <>
            <Typography.Title level={5} style={{ margin: 0 }}>
              {t('designImport.redcap.panelsTitle', { count: shown.result.panels.length })}
            </Typography.Title>
            <Table<PlannedPanel>
              size="small"
              rowKey="nameAbbr"
              pagination={false}
              columns={panelColumns}
              dataSource={shown.result.panels}
              expandable={{
                expandedRowRender: (panel) => <Table<Widget> size="small" rowKey="key" pagination={false} columns={fieldColumns} dataSource={listedWidgets(panel)} />,
              }}
              data-testid="redcap-panels"
            />
            <Typography.Title level={5} style={{ margin: 0 }}>
              {t('designImport.redcap.reportTitle', { count: shown.result.report.length })}
            </Typography.Title>
            {shown.result.report.length === 0 ? (
              <Alert type="success" showIcon title={t('designImport.redcap.reportEmpty')} />
            ) : (
              <>
                {warnings > 0 ? <Alert type="warning" showIcon title={t('designImport.redcap.warnings', { count: warnings })} data-testid="redcap-warnings" /> : null}
                <Table<RedcapReportEntry>
                  size="small"
                  rowKey={(entry) => `${String(entry.line)}-${entry.code}-${entry.what}-${entry.field}`}
                  pagination={false}
                  scroll={{ y: 320 }}
                  columns={reportColumns}
                  dataSource={shown.result.report}
                  data-testid="redcap-report"
                />
              </>
            )}
          </>
        ) : null}
      </Flex>
    </Modal>
  );
}
