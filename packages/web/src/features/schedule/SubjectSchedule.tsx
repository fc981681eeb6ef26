import { CalendarOutlined, PlusOutlined, WarningOutlined } from '@ant-design/icons';
import { Alert, Badge, Button, Card, DatePicker, Dropdown, Empty, Flex, Form, Input, Modal, Space, Table, Tag, Tooltip, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import dayjs from 'dayjs';
import type { Dayjs } from 'dayjs';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { Locale, ScheduleInstrument, SchedulePanel, ScheduleVisit } from '@dcap/core';
import { actualOutsideWindow, FOLLOW_UP_STATES, PANEL_STATUSES, SCHEDULE_REASON_MAX, studyToday, VISIT_WINDOW_STATUSES } from '@dcap/core';
import { useAppInit } from '../../app/initContext';
import { currentLocale } from '../../i18n';
import { useAddLogEntryMutation, useAddVisitMutation, useSetActualDateMutation, useSubjectScheduleQuery } from './api';
import { FollowUpTag } from './FollowUpTag';
import { StatusSquare, WINDOW_STATUS_COLOR } from './statusStyle';
import { BulkWorkflowActions } from '../workflow/BulkWorkflowActions';
import { workflowRightsOf } from '../workflow/rights';
import { SignButton } from '../workflow/SignDialog';

const DAY = 'YYYY-MM-DD';

const localName = (item: { name: string; nameEn: string | null }, locale: Locale) => (locale === 'en-US' ? (item.nameEn ?? item.name) : item.name);

/** The panel entry page of a panel instance (spec 002 §2 "panel entry"). */
export const panelEntryPath = (subjectId: number, panelInstanceId: number) => `/survey/subject/${String(subjectId)}/panel/${String(panelInstanceId)}`;

/**
 * A subject's event × panel matrix (spec 002 §2 "event-panel matrix", "visit/schedule management"): a column
 * per visit with its planned day, window and actual day (set here, with a warning outside the window), a
 * row per form, and in each cell the panel's status with its open queries; a cell opens the panel. Visits
 * of unscheduled and repeatable events and further log entries are added from here.
 */
export function SubjectSchedule({ subjectId }: { subjectId: number }) {
  const { t, i18n } = useTranslation();
  const locale = currentLocale(i18n);
  const navigate = useNavigate();
  const init = useAppInit();
  const { projectAbilities } = init;
  const canEnter = projectAbilities['record.enter'] === true;
  // Signing and the visit-wide workflow actions (spec 002 §4) are offered to whoever holds a workflow right;
  // the server checks the right, the site and the process again.
  const cleans = workflowRightsOf(init).length > 0;
  const schedule = useSubjectScheduleQuery(subjectId);
  const addVisit = useAddVisitMutation();
  const addLogEntry = useAddLogEntryMutation();
  const [dating, setDating] = useState<ScheduleVisit | null>(null);
  const data = schedule.data;

  const panelsByCell = useMemo(() => {
    const map = new Map<string, SchedulePanel[]>();
    for (const panel of data?.panels ?? []) {
      const key = `${String(panel.eventInstanceId)}:${String(panel.instrumentId)}`;
      map.set(key, [...(map.get(key) ?? []), panel].sort((a, b) => a.seq - b.seq));
    }
    return map;
  }, [data]);

  if (schedule.isError) return <Alert type="warning" showIcon title={t('schedule.loadFailed')} description={schedule.error.message} />;

  const visitTitle = (visit: ScheduleVisit) => (visit.seq > 1 || visit.type === 'UNSCHEDULED' ? `${localName(visit, locale)} · ${t('schedule.seq', { seq: visit.seq })}` : localName(visit, locale));

  const header = (visit: ScheduleVisit) => (
    <Flex vertical gap={2} style={{ minWidth: 150, fontWeight: 'normal' }} data-testid={`visit-header-${String(visit.eventInstanceId)}`}>
      <Typography.Text strong>{visitTitle(visit)}</Typography.Text>
      <Space size={4}>
        <Tag color={WINDOW_STATUS_COLOR[visit.windowStatus]} style={{ marginInlineEnd: 0 }}>
          {t(`schedule.windowStatus.${visit.windowStatus}`)}
        </Tag>
        <FollowUpTag state={visit.followUp} testId={`visit-follow-up-${String(visit.eventInstanceId)}`} />
      </Space>
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {visit.plannedDate ? t('schedule.planned', { date: visit.plannedDate }) : t('schedule.noPlan')}
      </Typography.Text>
      {visit.windowStart && visit.windowEnd ? (
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {t('schedule.window', { start: visit.windowStart, end: visit.windowEnd })}
        </Typography.Text>
      ) : null}
      <Flex gap={4} align="center">
        <Typography.Text style={{ fontSize: 12 }}>{visit.actualDate ? t('schedule.actual', { date: visit.actualDate }) : t('schedule.noActual')}</Typography.Text>
        {visit.windowStatus === 'OUT_OF_WINDOW' ? (
          <Tooltip title={t('schedule.outOfWindowHint', { date: visit.actualDate ?? '', start: visit.windowStart ?? '', end: visit.windowEnd ?? '' })}>
            <WarningOutlined style={{ color: '#FA541C' }} data-testid={`visit-warning-${String(visit.eventInstanceId)}`} />
          </Tooltip>
        ) : null}
        {canEnter ? (
          <Tooltip title={visit.actualDate ? t('schedule.changeDate') : t('schedule.setDate')}>
            <Button size="small" type="text" icon={<CalendarOutlined />} onClick={() => setDating(visit)} data-testid={`visit-date-${String(visit.eventInstanceId)}`} />
          </Tooltip>
        ) : null}
      </Flex>
      {cleans ? (
        <Flex gap={4} wrap>
          <SignButton scope="event" id={visit.eventInstanceId} onSigned={() => void schedule.refetch()} />
          <BulkWorkflowActions scope="event" id={visit.eventInstanceId} onDone={() => void schedule.refetch()} />
        </Flex>
      ) : null}
    </Flex>
  );

  const cell = (visit: ScheduleVisit, instrument: ScheduleInstrument) => {
    const panels = panelsByCell.get(`${String(visit.eventInstanceId)}:${String(instrument.instrumentId)}`) ?? [];
    if (panels.length === 0) return <Typography.Text type="secondary">—</Typography.Text>;
    const last = panels[panels.length - 1];
    return (
      <Flex gap={6} align="center" wrap>
        {panels.map((panel) => (
          <Tooltip
            key={panel.panelInstanceId}
            title={[
              visit.type === 'LOG' ? t('schedule.entry', { seq: panel.seq }) : null,
              t(`schedule.status.${panel.status}`),
              panel.openQueries > 0 ? t('schedule.openQueries', { count: panel.openQueries }) : null,
            ]
              .filter(Boolean)
              .join(' · ')}
          >
            <Badge count={panel.openQueries} size="small" offset={[-2, 2]}>
              <Button
                type="text"
                size="small"
                style={{ padding: 2, height: 'auto' }}
                onClick={() => void navigate(panelEntryPath(subjectId, panel.panelInstanceId))}
                data-testid={`panel-cell-${String(panel.panelInstanceId)}`}
                aria-label={`${localName(instrument, locale)} ${t(`schedule.status.${panel.status}`)}`}
              >
                <StatusSquare status={panel.status} />
              </Button>
            </Badge>
          </Tooltip>
        ))}
        {visit.type === 'LOG' && canEnter && last ? (
          <Tooltip title={t('schedule.addEntry')}>
            <Button
              size="small"
              type="dashed"
              icon={<PlusOutlined />}
              loading={addLogEntry.isPending}
              onClick={() => addLogEntry.mutate(last.panelInstanceId)}
              data-testid={`panel-add-${String(last.panelInstanceId)}`}
            />
          </Tooltip>
        ) : null}
      </Flex>
    );
  };

  const visits = data?.visits ?? [];
  const columns: TableColumnsType<ScheduleInstrument> = [
    {
      key: 'instrument',
      title: t('schedule.panel'),
      fixed: 'left',
      width: 180,
      render: (_, instrument) => (
        <Flex vertical>
          <Typography.Text strong>{localName(instrument, locale)}</Typography.Text>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {instrument.nameAbbr}
          </Typography.Text>
        </Flex>
      ),
    },
    ...visits.map((visit) => ({ key: String(visit.eventInstanceId), title: header(visit), render: (_: unknown, instrument: ScheduleInstrument) => cell(visit, instrument) })),
  ];

  const addMenu = (kind: 'addUnscheduled' | 'addRepeat', events: { eventId: number; name: string; nameEn: string | null }[]) => ({
    items: events.map((event) => ({ key: String(event.eventId), label: localName(event, locale) })),
    onClick: ({ key }: { key: string }) => addVisit.mutate({ kind, subjectId, eventId: Number(key) }),
  });

  return (
    <Card
      size="small"
      title={
        <Space>
          {t('schedule.title')}
          {data ? (
            <Typography.Text type="secondary" style={{ fontWeight: 'normal', fontSize: 12 }}>
              {t('schedule.followUpLabel')} <FollowUpTag state={data.followUp} testId="subject-follow-up" />
            </Typography.Text>
          ) : null}
        </Space>
      }
      loading={schedule.isPending}
      data-testid="subject-schedule"
      extra={
        canEnter && data ? (
          <Space>
            {data.unscheduled.length > 0 ? (
              <Dropdown menu={addMenu('addUnscheduled', data.unscheduled)} trigger={['click']}>
                <Button icon={<PlusOutlined />} loading={addVisit.isPending} data-testid="schedule-add-unscheduled">
                  {t('schedule.addUnscheduled')}
                </Button>
              </Dropdown>
            ) : null}
            {data.repeatable.length > 0 ? (
              <Dropdown menu={addMenu('addRepeat', data.repeatable)} trigger={['click']}>
                <Button icon={<PlusOutlined />} loading={addVisit.isPending} data-testid="schedule-add-repeat">
                  {t('schedule.addRepeat')}
                </Button>
              </Dropdown>
            ) : null}
          </Space>
        ) : null
      }
    >
      {visits.length === 0 ? (
        <Empty description={t('schedule.noVisits')} />
      ) : (
        <Table<ScheduleInstrument>
          rowKey="instrumentId"
          size="small"
          bordered
          pagination={false}
          columns={columns}
          dataSource={data?.instruments ?? []}
          scroll={{ x: 'max-content' }}
          data-testid="schedule-matrix"
        />
      )}
      <Legend />
      {dating ? <ActualDateDialog visit={dating} onClose={() => setDating(null)} /> : null}
    </Card>
  );
}

/** The legend of panel statuses, the query badge and the visit statuses, in the interface language. */
function Legend() {
  const { t } = useTranslation();
  return (
    <Flex vertical gap={6} style={{ marginTop: 12 }} data-testid="schedule-legend">
      <Flex gap={12} wrap align="center">
        <Typography.Text type="secondary">{t('schedule.legend')}</Typography.Text>
        {PANEL_STATUSES.map((status) => (
          <Flex key={status} gap={4} align="center">
            <StatusSquare status={status} size={16} />
            <Typography.Text style={{ fontSize: 12 }}>{t(`schedule.status.${status}`)}</Typography.Text>
          </Flex>
        ))}
        <Flex gap={4} align="center">
          <Badge count={1} size="small" />
          <Typography.Text style={{ fontSize: 12 }}>{t('schedule.queryLegend')}</Typography.Text>
        </Flex>
      </Flex>
      <Flex gap={6} wrap align="center">
        <Typography.Text type="secondary">{t('schedule.followUpLabel')}</Typography.Text>
        {FOLLOW_UP_STATES.map((state) => (
          <FollowUpTag key={state} state={state} />
        ))}
      </Flex>
      <Flex gap={6} wrap align="center">
        <Typography.Text type="secondary">{t('schedule.windowLegend')}</Typography.Text>
        {VISIT_WINDOW_STATUSES.map((status) => (
          <Tag key={status} color={WINDOW_STATUS_COLOR[status]}>
            {t(`schedule.windowStatus.${status}`)}
          </Tag>
        ))}
      </Flex>
    </Flex>
  );
}

/** Records or clears a visit's actual day; changing a saved day asks for a reason (spec 002 §5). */
function ActualDateDialog({ visit, onClose }: { visit: ScheduleVisit; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const locale = currentLocale(i18n);
  const mutation = useSetActualDateMutation();
  const [date, setDate] = useState<Dayjs | null>(visit.actualDate ? dayjs(visit.actualDate, DAY) : null);
  const [reason, setReason] = useState('');
  const saved = visit.actualDate !== null;
  const chosen = date ? date.format(DAY) : null;
  const outside = chosen !== null && actualOutsideWindow(visit, chosen);
  const needsReason = saved && chosen !== visit.actualDate;

  const save = (actualDate: string | null) =>
    mutation.mutate(
      { eventInstanceId: visit.eventInstanceId, actualDate, ...(needsReason || (saved && actualDate === null) ? { reason: reason.trim() } : {}) },
      {
        onSuccess: (result) => {
          if (result.outOfWindow) void Modal.warning({ title: t('schedule.dateDialog.savedOutOfWindow') });
          onClose();
        },
      },
    );

  return (
    <Modal
      open
      title={t('schedule.dateDialog.title')}
      onCancel={onClose}
      destroyOnHidden
      footer={[
        saved ? (
          <Button key="clear" danger disabled={reason.trim() === ''} onClick={() => save(null)} data-testid="visit-date-clear">
            {t('schedule.dateDialog.clear')}
          </Button>
        ) : null,
        <Button key="cancel" onClick={onClose}>
          {t('schedule.dateDialog.cancel')}
        </Button>,
        <Button
          key="save"
          type="primary"
          loading={mutation.isPending}
          disabled={chosen === null || chosen === visit.actualDate || (needsReason && reason.trim() === '')}
          onClick={() => save(chosen)}
          data-testid="visit-date-save"
        >
          {t('schedule.dateDialog.save')}
        </Button>,
      ]}
    >
      <Form layout="vertical">
        <Form.Item label={t('schedule.dateDialog.visit')}>
          <Typography.Text>{locale === 'en-US' ? (visit.nameEn ?? visit.name) : visit.name}</Typography.Text>
          {visit.windowStart && visit.windowEnd ? (
            <Typography.Text type="secondary"> ({t('schedule.window', { start: visit.windowStart, end: visit.windowEnd })})</Typography.Text>
          ) : null}
        </Form.Item>
        <Form.Item label={t('schedule.dateDialog.date')} required>
          <DatePicker value={date} onChange={setDate} format={DAY} disabledDate={(day) => day.format(DAY) > studyToday(new Date())} style={{ width: '100%' }} data-testid="visit-date-picker" />
        </Form.Item>
        {outside ? <Alert type="warning" showIcon title={t('schedule.dateDialog.outOfWindow')} style={{ marginBottom: 16 }} /> : null}
        {saved ? (
          <Form.Item label={t('schedule.dateDialog.reason')} required extra={t('schedule.dateDialog.reasonHint')}>
            <Input.TextArea value={reason} onChange={(event) => setReason(event.target.value)} maxLength={SCHEDULE_REASON_MAX} rows={2} data-testid="visit-date-reason" />
          </Form.Item>
        ) : null}
      </Form>
    </Modal>
  );
}
