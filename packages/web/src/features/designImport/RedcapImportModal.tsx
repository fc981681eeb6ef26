import { Alert, Table, Tag, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { isDataWidget } from '@dcap/core';
import type { RedcapImportResult, RedcapReportEntry, Widget } from '@dcap/core';
import { useRedcapImportMutation } from '../../api/designImport';
import { currentLocale } from '../../i18n';
import { DesignFileImportModal } from './DesignFileImportModal';

type PlannedPanel = RedcapImportResult['panels'][number];

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

  const renderPreview = (result: RedcapImportResult) => {
    const warnings = result.report.filter((entry) => entry.level === 'warning').length;
    return (
      <>
        <Typography.Title level={5} style={{ margin: 0 }}>
          {t('designImport.redcap.panelsTitle', { count: result.panels.length })}
        </Typography.Title>
        <Table<PlannedPanel>
          size="small"
          rowKey="nameAbbr"
          pagination={false}
          columns={panelColumns}
          dataSource={result.panels}
          expandable={{
            expandedRowRender: (panel) => <Table<Widget> size="small" rowKey="key" pagination={false} columns={fieldColumns} dataSource={listedWidgets(panel)} />,
          }}
          data-testid="redcap-panels"
        />
        <Typography.Title level={5} style={{ margin: 0 }}>
          {t('designImport.redcap.reportTitle', { count: result.report.length })}
        </Typography.Title>
        {result.report.length === 0 ? (
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
              dataSource={result.report}
              data-testid="redcap-report"
            />
          </>
        )}
      </>
    );
  };

  return (
    <DesignFileImportModal<RedcapImportResult>
      open={open}
      onClose={onClose}
      testId="redcap"
      accept=".csv,text/csv"
      texts={{
        title: t('designImport.redcap.title'),
        intro: t('designImport.redcap.intro'),
        drop: t('designImport.redcap.drop'),
        hint: t('designImport.redcap.hint'),
        previewing: t('designImport.redcap.previewing'),
        applying: t('designImport.redcap.applying'),
        failed: t('designImport.redcap.failed'),
        chooseAgain: t('designImport.redcap.chooseAgain'),
        confirm: t('designImport.redcap.confirm'),
      }}
      send={(file, dryRun) => importRedcap.mutateAsync({ projectId, file, dryRun })}
      canConfirm={(result) => result.panels.length > 0}
      doneText={(created) => t('designImport.redcap.done', { count: created.panels.length })}
      renderPreview={renderPreview}
    />
  );
}
