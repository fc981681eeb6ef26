import { ArrowLeftOutlined } from '@ant-design/icons';
import { Alert, Card, Descriptions, Empty, Space, Switch, Table, Tag, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { DATE_TIME_FORMAT } from '@dcap/core';
import type { ImportRowError, ImportRowResult, ImportTaskDetail } from '@dcap/core';
import { PageSpin } from '../../components/PageSpin';
import { ApplyPanel } from './ApplyPanel';
import { useImportDetail } from './api';
import { STATUS_COLOR } from './ImportListPage';
import { IMPORT_LIST_PATH } from './paths';
import { UploadSheet } from './UploadSheet';

const when = (at: string | null) => (at ? dayjs(at).format(DATE_TIME_FORMAT) : '-');

/** A cell of the report: what the sheet held, with the problems of its column under it. */
function Cell({ text, errors }: { text: string | undefined; errors: ImportRowError[] }) {
  return (
    <Space orientation="vertical" size={0}>
      <span>{text ?? ''}</span>
      {errors.map((error) => (
        <Typography.Text key={`${error.code}-${error.message}`} type="danger" style={{ fontSize: 12 }}>
          {error.message}
        </Typography.Text>
      ))}
    </Space>
  );
}

/** The dry run's report as a table by row and column: each problem under the cell it is about. */
function Report({ detail }: { detail: ImportTaskDetail }) {
  const { t } = useTranslation();
  const [all, setAll] = useState(false);
  const { task } = detail;
  const fieldModels = new Set(detail.columns.map((column) => column.model));
  const at = (row: ImportRowResult, column: string) => row.errors.filter((error) => error.column === column);
  // Problems about no field of the sheet (the row as a whole, or a column that names no field).
  const elsewhere = (row: ImportRowResult) => row.errors.filter((error) => error.column === null || (!fieldModels.has(error.column) && error.column !== 'subject' && error.column !== 'visit'));
  const columns: TableColumnsType<ImportRowResult> = [
    { key: 'row', title: t('imports.report.row'), dataIndex: 'row', width: 70, fixed: 'left' },
    { key: 'subject', title: t('imports.report.subject'), render: (_, row) => <Cell text={row.subject} errors={at(row, 'subject')} /> },
    { key: 'visit', title: t('imports.report.visit'), render: (_, row) => <Cell text={row.visit} errors={at(row, 'visit')} /> },
    ...detail.columns.map((column) => ({ key: column.model, title: column.title, render: (_: unknown, row: ImportRowResult) => <Cell text={row.cells[column.model]} errors={at(row, column.model)} /> })),
    {
      key: 'problems',
      title: t('imports.report.problems'),
      render: (_, row) => (
        <Space orientation="vertical" size={0}>
          <Tag color={row.outcome === 'error' ? 'error' : row.outcome === 'written' ? 'success' : 'default'}>{t(`imports.outcome.${row.outcome}`)}</Tag>
          {elsewhere(row).map((error) => (
            <Typography.Text key={`${error.code}-${error.column ?? ''}`} type="danger" style={{ fontSize: 12 }}>
              {error.column && error.column !== error.message ? `${error.column}: ` : ''}
              {error.message}
            </Typography.Text>
          ))}
        </Space>
      ),
    },
  ];
  const rows = all ? detail.rows : detail.rows.filter((row) => row.errors.length > 0);
  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      {task.rowsWithErrors > 0 ? (
        <Alert type="error" showIcon data-testid="import-report-summary" title={t('imports.report.withErrors', { errors: task.rowsWithErrors, rows: task.rowsTotal })} />
      ) : task.status === 'checked' ? (
        <Alert type={task.changes > 0 ? 'success' : 'info'} showIcon data-testid="import-report-summary" title={task.changes > 0 ? t('imports.report.allOk', { rows: task.rowsTotal, changes: task.changes }) : t('imports.report.nothingToChange')} />
      ) : null}
      <Space>
        <Switch size="small" checked={all || task.rowsWithErrors === 0} onChange={setAll} disabled={task.rowsWithErrors === 0} data-testid="import-show-all" />
        <span>{t('imports.report.showAll')}</span>
      </Space>
      <Table<ImportRowResult>
        data-testid="import-report"
        rowKey="row"
        size="small"
        scroll={{ x: 'max-content' }}
        columns={columns}
        dataSource={task.rowsWithErrors === 0 ? detail.rows : rows}
        pagination={{ pageSize: 50, showSizeChanger: false }}
      />
    </Space>
  );
}

/** Spec 000 §2.2 data import detail: the task, its dry run report, fixing and uploading again, applying. */
export function ImportDetailPage() {
  const { t } = useTranslation();
  const id = Number(useParams().importId);
  const detail = useImportDetail(id);
  if (detail.isLoading) return <PageSpin />;
  if (!detail.data) return <Empty />;
  const { task } = detail.data;
  return (
    <Card
      data-testid="import-detail-page"
      title={
        <Space>
          <Link to={IMPORT_LIST_PATH} aria-label={t('imports.back')}>
            <ArrowLeftOutlined />
          </Link>
          {t('imports.detailTitle', { id: task.id })}
          <Tag color={STATUS_COLOR[task.status]} data-testid="import-status">
            {t(`imports.status.${task.status}`)}
          </Tag>
        </Space>
      }
    >
      <Space orientation="vertical" style={{ width: '100%' }} size="middle">
        <Descriptions size="small" column={3}>
          <Descriptions.Item label={t('imports.fields.instrument')}>{task.instrumentName}</Descriptions.Item>
          <Descriptions.Item label={t('imports.fields.file')}>{task.fileName}</Descriptions.Item>
          <Descriptions.Item label={t('imports.fields.rows')}>{task.rowsTotal}</Descriptions.Item>
          <Descriptions.Item label={t('imports.fields.createdBy')}>{task.createdBy ?? '-'}</Descriptions.Item>
          <Descriptions.Item label={t('imports.fields.createdAt')}>{when(task.createdAt)}</Descriptions.Item>
          <Descriptions.Item label={t('imports.fields.appliedAt')}>{when(task.appliedAt)}</Descriptions.Item>
        </Descriptions>
        {task.status === 'checked' && task.rowsWithErrors > 0 ? <UploadSheet instrumentId={task.instrumentId} again /> : null}
        {task.status === 'failed' ? <UploadSheet instrumentId={task.instrumentId} again /> : null}
        <ApplyPanel task={task} />
        <Report detail={detail.data} />
      </Space>
    </Card>
  );
}
