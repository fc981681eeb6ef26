import { SaveOutlined, UndoOutlined } from '@ant-design/icons';
import { Alert, Button, Checkbox, Empty, Flex, Progress, Space, Spin, Table, Tag, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DesignEvent, EventMatrix, Instrument, MatrixCell } from '@dcap/core';
import { useEventMatrixQuery, useSaveMatrixMutation } from '../../api/events';
import { currentLocale } from '../../i18n';
import { settle } from '../../lib/confirm';
import { DesignButton } from './DesignButton';
import type { DesignEditability } from './editability';
import { EVENT_TYPE_COLORS, EVENT_TYPE_LABEL_KEYS, localName } from './labels';

const cellKey = (eventId: number, instrumentId: number) => `${String(eventId)}:${String(instrumentId)}`;

/** The ticked cells in matrix order (visits, then panels), as the save call takes them. */
export function cellsOf(ticked: ReadonlySet<string>, events: readonly DesignEvent[], instruments: readonly Instrument[]): MatrixCell[] {
  return events.flatMap((event) =>
    instruments.filter((instrument) => ticked.has(cellKey(event.id, instrument.id))).map((instrument) => ({ eventId: event.id, instrumentId: instrument.id })),
  );
}

/** Event × panel matrix: which panels each visit collects. Rows are panels, columns visits. */
export function EventMatrixTab({ projectId, lock }: { projectId: number; lock: DesignEditability }) {
  const { t } = useTranslation();
  const matrix = useEventMatrixQuery(projectId);
  if (matrix.isError) return <Alert type="error" showIcon title={t('common.loadFailed')} />;
  if (!matrix.data) return <Spin />;
  if (matrix.data.events.length === 0 || matrix.data.instruments.length === 0) return <Empty description={t('design.matrix.empty')} />;
  // A fresh editor for every server answer, so a save or another user's change resets the ticks.
  return <MatrixEditor key={matrix.dataUpdatedAt} projectId={projectId} lock={lock} matrix={matrix.data} />;
}

function MatrixEditor({ projectId, lock, matrix }: { projectId: number; lock: DesignEditability; matrix: EventMatrix }) {
  const { t, i18n } = useTranslation();
  const english = currentLocale(i18n) === 'en-US';
  const save = useSaveMatrixMutation();
  const saved = useMemo(() => new Set(matrix.cells.map((cell) => cellKey(cell.eventId, cell.instrumentId))), [matrix.cells]);
  const [ticked, setTicked] = useState<ReadonlySet<string>>(saved);
  const { events, instruments } = matrix;
  const dirty = ticked.size !== saved.size || [...ticked].some((key) => !saved.has(key));

  const toggle = (key: string, on: boolean) =>
    setTicked((current) => {
      const next = new Set(current);
      if (on) next.add(key);
      else next.delete(key);
      return next;
    });

  const perEvent = events.map((event) => ({ event, count: instruments.filter((instrument) => ticked.has(cellKey(event.id, instrument.id))).length }));

  const columns: TableColumnsType<Instrument> = [
    {
      key: 'instrument',
      title: t('design.matrix.panel'),
      fixed: 'start',
      width: 220,
      render: (_v, instrument) => (
        <Flex vertical>
          <span>{localName(instrument, english)}</span>
          <Typography.Text type="secondary" code>
            {instrument.nameAbbr}
          </Typography.Text>
        </Flex>
      ),
    },
    ...perEvent.map(({ event, count }) => ({
      key: `event-${String(event.id)}`,
      align: 'center' as const,
      width: 120,
      title: (
        <Flex vertical align="center" gap={2}>
          <span>{localName(event, english)}</span>
          <Tag color={EVENT_TYPE_COLORS[event.type]}>{t(EVENT_TYPE_LABEL_KEYS[event.type])}</Tag>
          <Typography.Text type="secondary">{t('design.matrix.panelCount', { count })}</Typography.Text>
        </Flex>
      ),
      render: (_v: unknown, instrument: Instrument) => {
        const key = cellKey(event.id, instrument.id);
        return (
          <Checkbox
            checked={ticked.has(key)}
            disabled={!lock.editable}
            onChange={(change) => toggle(key, change.target.checked)}
            aria-label={`${event.name} / ${instrument.nameAbbr}`}
            data-testid={`matrix-cell-${String(event.id)}-${String(instrument.id)}`}
          />
        );
      },
    })),
  ];

  return (
    <Flex vertical gap={12}>
      <Flex justify="space-between" align="center" wrap gap={8}>
        <Typography.Text type="secondary">{t('design.matrix.hint')}</Typography.Text>
        <Space>
          <Button icon={<UndoOutlined />} disabled={!dirty || save.isPending} onClick={() => setTicked(saved)} data-testid="matrix-reset">
            {t('common.reset')}
          </Button>
          <DesignButton
            lock={lock}
            type="primary"
            icon={<SaveOutlined />}
            disabled={!dirty}
            loading={save.isPending}
            onClick={() => void settle(() => save.mutateAsync({ projectId, cells: cellsOf(ticked, events, instruments) }))}
            data-testid="matrix-save"
          >
            {t('common.save')}
          </DesignButton>
        </Space>
      </Flex>
      {dirty ? <Alert type="warning" showIcon title={t('design.matrix.unsaved')} data-testid="matrix-unsaved" /> : null}
      <Table<Instrument> rowKey="id" size="small" bordered columns={columns} dataSource={instruments} pagination={false} scroll={{ x: 220 + events.length * 120 }} data-testid="matrix-table" />
      <MatrixSummary rows={perEvent} total={instruments.length} english={english} />
    </Flex>
  );
}

/** A small bar per visit: how many of the project's panels it collects. */
function MatrixSummary({ rows, total, english }: { rows: { event: DesignEvent; count: number }[]; total: number; english: boolean }) {
  const { t } = useTranslation();
  return (
    <Flex vertical gap={4} data-testid="matrix-summary">
      <Typography.Text strong>{t('design.matrix.summary')}</Typography.Text>
      {rows.map(({ event, count }) => (
        <Flex key={event.id} align="center" gap={12} data-testid={`matrix-count-${String(event.id)}`}>
          <Typography.Text style={{ width: 160 }} ellipsis>
            {localName(event, english)}
          </Typography.Text>
          <Progress percent={total === 0 ? 0 : Math.round((count / total) * 100)} format={() => `${String(count)} / ${String(total)}`} style={{ flex: 1, margin: 0 }} />
        </Flex>
      ))}
    </Flex>
  );
}
