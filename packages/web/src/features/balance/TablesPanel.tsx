import { UploadOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Input, Radio, Space, Table, Tag, Typography, Upload } from 'antd';
import type { TableColumnsType } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DATE_TIME_FORMAT, RAND_TABLE_KINDS } from '@dcap/core';
import type { RandScheme, RandSlot, RandTable, RandTableKind } from '@dcap/core';
import { useGenerateTable, useSlotsQuery, useTablesQuery, useUploadTable } from './api';

type UploadProblem = { row: number; column?: string; message: string };
const SLOT_PAGE_SIZE = 50;

function SlotsTable({ table }: { table: RandTable }) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const [stratum, setStratum] = useState('');
  const slots = useSlotsQuery(table.id, page, SLOT_PAGE_SIZE, stratum);
  const columns: TableColumnsType<RandSlot> = [
    { title: t('balance.slots.stratum'), dataIndex: 'stratum' },
    { title: t('balance.slots.seq'), dataIndex: 'seq' },
    { title: t('balance.slots.block'), dataIndex: 'block', render: (value: number | null) => value ?? '-' },
    { title: t('balance.slots.blockSize'), dataIndex: 'blockSize', render: (value: number | null) => value ?? '-' },
    { title: t('balance.fields.armsOne'), dataIndex: 'arm' },
    { title: t('balance.fields.randomNo'), dataIndex: 'randomNo' },
    { title: t('balance.fields.subject'), dataIndex: 'subject', render: (value: string | null) => value ?? '-' },
  ];
  return (
    <Card size="small" title={t('balance.slots.title', { id: table.id })} data-testid="slots-card">
      <Input.Search
        allowClear
        placeholder={t('balance.slots.stratumFilter')}
        onSearch={(value) => {
          setPage(1);
          setStratum(value.trim());
        }}
        style={{ maxWidth: 320, marginBottom: 12 }}
      />
      <Table<RandSlot>
        size="small"
        rowKey="id"
        loading={slots.isFetching}
        columns={columns}
        dataSource={slots.data?.list ?? []}
        pagination={{ current: page, pageSize: SLOT_PAGE_SIZE, total: slots.data?.total ?? 0, showSizeChanger: false, onChange: setPage }}
        data-testid="slots-table"
      />
    </Card>
  );
}

/**
 * A scheme's randomisation lists: the test list (every environment but production) and the formal one, each
 * generated from a seed the server derives and records, or uploaded by the statistician (every row's problems
 * shown); and the slots of the list chosen.
 */
export function TablesPanel({ scheme, canDesign }: { scheme: RandScheme; canDesign: boolean }) {
  const { t } = useTranslation();
  const tables = useTablesQuery(scheme.id);
  const generate = useGenerateTable();
  const upload = useUploadTable();
  const [uploadKind, setUploadKind] = useState<RandTableKind>('test');
  const [problems, setProblems] = useState<UploadProblem[]>([]);
  const [chosen, setChosen] = useState<number | null>(null);

  if (scheme.method === 'minimisation') return <Alert type="info" showIcon title={t('balance.tables.minimisation')} />;
  const chosenTable = tables.data?.find((table) => table.id === chosen) ?? null;

  const columns: TableColumnsType<RandTable> = [
    { title: t('balance.tables.kind'), dataIndex: 'kind', render: (kind: RandTableKind) => t(`balance.tables.kinds.${kind}`) },
    { title: t('balance.tables.source'), dataIndex: 'source', render: (source: RandTable['source'], table) => `${t(`balance.tables.sources.${source}`)}${table.fileName ? ` (${table.fileName})` : ''}` },
    { title: t('balance.tables.seed'), dataIndex: 'seed', render: (seed: string | null) => (seed ? <Typography.Text code copyable>{seed}</Typography.Text> : '-') },
    { title: t('balance.tables.slotCount'), dataIndex: 'slotCount' },
    { title: t('balance.tables.used'), dataIndex: 'used' },
    { title: t('balance.fields.status'), dataIndex: 'status', render: (status: RandTable['status']) => <Tag color={status === 'active' ? 'success' : 'default'}>{t(`balance.tables.statuses.${status}`)}</Tag> },
    { title: t('balance.tables.createdBy'), dataIndex: 'createdBy', render: (who: string | null, table) => `${who ?? '-'} · ${dayjs(table.createdAt).format(DATE_TIME_FORMAT)}` },
    {
      title: t('common.actions'),
      key: 'actions',
      render: (_value, table) => (
        <Button size="small" type="link" onClick={() => setChosen(table.id)} data-testid={`table-slots-${String(table.id)}`}>
          {t('balance.tables.showSlots')}
        </Button>
      ),
    },
  ];

  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }} data-testid="tables-panel">
      {canDesign ? (
        <Space wrap>
          {RAND_TABLE_KINDS.map((kind) => (
            <Button
              key={kind}
              type={kind === 'test' ? 'primary' : 'default'}
              loading={generate.isPending && generate.variables.kind === kind}
              onClick={() => void generate.mutateAsync({ schemeId: scheme.id, kind }).catch(() => undefined)}
              data-testid={`table-generate-${kind}`}
            >
              {t(`balance.tables.generate.${kind}`)}
            </Button>
          ))}
          <Radio.Group
            value={uploadKind}
            onChange={(event) => setUploadKind(event.target.value as RandTableKind)}
            options={RAND_TABLE_KINDS.map((kind) => ({ value: kind, label: t(`balance.tables.kinds.${kind}`) }))}
            optionType="button"
            size="small"
          />
          <Upload
            accept=".csv,.xlsx"
            showUploadList={false}
            beforeUpload={(file) => {
              setProblems([]);
              upload
                .mutateAsync({ schemeId: scheme.id, kind: uploadKind, file })
                .then((reply) => setProblems(reply.problems))
                .catch(() => undefined);
              return false;
            }}
          >
            <Button icon={<UploadOutlined />} loading={upload.isPending} data-testid="table-upload">
              {t('balance.tables.upload')}
            </Button>
          </Upload>
        </Space>
      ) : null}
      {canDesign ? <Typography.Text type="secondary">{t('balance.tables.uploadHint')}</Typography.Text> : null}
      {problems.length > 0 ? (
        <Alert
          type="error"
          showIcon
          title={t('balance.tables.problems', { count: problems.length })}
          description={
            <Table<UploadProblem>
              size="small"
              rowKey={(problem) => `${String(problem.row)}-${problem.column ?? ''}-${problem.message}`}
              pagination={problems.length > 20 ? { pageSize: 20 } : false}
              dataSource={problems}
              columns={[
                { title: t('balance.tables.row'), dataIndex: 'row', width: 80 },
                { title: t('balance.tables.column'), dataIndex: 'column', width: 140, render: (column?: string) => column ?? '-' },
                { title: t('balance.tables.problem'), dataIndex: 'message' },
              ]}
            />
          }
          data-testid="table-upload-problems"
        />
      ) : null}
      <Table<RandTable>
        size="middle"
        rowKey="id"
        loading={tables.isLoading}
        columns={columns}
        dataSource={tables.data ?? []}
        pagination={false}
        locale={{ emptyText: t('balance.tables.empty') }}
        data-testid="tables-list"
      />
      {chosenTable ? <SlotsTable key={chosenTable.id} table={chosenTable} /> : null}
    </Space>
  );
}
