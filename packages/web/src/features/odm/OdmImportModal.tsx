import { Alert, Table, Tag, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import type { OdmImportReport } from '@dcap/core';
import { currentLocale } from '../../i18n';
import { DesignFileImportModal } from '../designImport/DesignFileImportModal';
import { useOdmImportMutation } from './api';

type PlannedPanel = OdmImportReport['instruments'][number];
type PlannedVisit = OdmImportReport['events'][number];
type Note = OdmImportReport['notes'][number];

const blockingCount = (report: OdmImportReport) => report.notes.filter((note) => note.blocking).length;

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

  const renderPreview = (report: OdmImportReport) => {
    const blocking = blockingCount(report);
    // What blocks the import is listed first, so it is seen without scrolling.
    const notes = [...report.notes].sort((a, b) => Number(b.blocking) - Number(a.blocking));
    return (
      <>
        <Typography.Text type="secondary" data-testid="odm-study">
          {t('odm.import.study', { study: report.studyOid, version: report.versionOid })}
        </Typography.Text>
        {blocking > 0 ? <Alert type="error" showIcon title={t('odm.import.blocked', { count: blocking })} data-testid="odm-blocked" /> : null}
        <Typography.Title level={5} style={{ margin: 0 }}>
          {t('odm.import.panelsTitle', { count: report.instruments.length })}
        </Typography.Title>
        <Table<PlannedPanel> size="small" rowKey="nameAbbr" pagination={false} columns={panelColumns} dataSource={report.instruments} data-testid="odm-panels" />
        <Typography.Title level={5} style={{ margin: 0 }}>
          {t('odm.import.visitsTitle', { count: report.events.length })}
        </Typography.Title>
        <Table<PlannedVisit>
          size="small"
          rowKey={(row) => `${row.name}-${row.type}`}
          pagination={false}
          columns={visitColumns}
          dataSource={report.events}
          data-testid="odm-visits"
        />
        <Typography.Title level={5} style={{ margin: 0 }}>
          {t('odm.import.reportTitle', { count: report.notes.length })}
        </Typography.Title>
        {report.notes.length === 0 ? (
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
    );
  };

  return (
    <DesignFileImportModal<OdmImportReport>
      open={open}
      onClose={onClose}
      testId="odm"
      accept=".xml,application/xml,text/xml"
      texts={{
        title: t('odm.import.title'),
        intro: t('odm.import.intro'),
        drop: t('odm.import.drop'),
        hint: t('odm.import.hint'),
        previewing: t('odm.import.previewing'),
        applying: t('odm.import.applying'),
        failed: t('odm.import.failed'),
        chooseAgain: t('odm.import.chooseAgain'),
        confirm: t('odm.import.confirm'),
      }}
      send={(file, dryRun) => importOdm.mutateAsync({ projectId, file, dryRun })}
      canConfirm={(report) => blockingCount(report) === 0 && (report.instruments.length > 0 || report.events.length > 0)}
      doneText={(applied) => t('odm.import.done', { panels: applied.instruments.length, visits: applied.events.length })}
      renderPreview={renderPreview}
    />
  );
}
