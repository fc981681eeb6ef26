import { Alert, App, Button, Card, DatePicker, Descriptions, Flex, Form, Input, Modal, Select, Space, Table, Tag, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import type { Dayjs } from 'dayjs';
import dayjs from 'dayjs';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { MessageLogFilters, MessageLogItem, OutboundChannel, OutboundStatus } from '@dcap/core';
import { OUTBOUND_CHANNELS, OUTBOUND_STATUSES } from '@dcap/core';
import { useProjectListQuery } from '../../api/projects';
import { EChart } from '../../components/EChart';
import { currentLocale } from '../../i18n';
import { MESSAGE_KINDS, messageKindName } from './kinds';
import { useMessageAction, useMessageDetail, useMessageLog, useMessageStats } from './logApi';
import { STATUS_COLOURS, statusChartOption } from './statusChart';

const PAGE_SIZE = 20;
const time = (iso: string | null | undefined) => (iso ? dayjs(iso).format('YYYY-MM-DD HH:mm:ss Z') : '—');

interface FilterForm {
  projectId?: number;
  channel?: OutboundChannel;
  status?: OutboundStatus;
  kind?: string;
  receiver?: string;
  range?: [Dayjs | null, Dayjs | null] | null;
}

export function MessageStatusTag({ status }: { status: OutboundStatus }) {
  const { t } = useTranslation();
  return (
    <Tag color={STATUS_COLOURS[status]} data-testid={`message-status-${status}`}>
      {t(`messages.status.${status}`)}
    </Tag>
  );
}

function MessageDetailModal({ id, onClose }: { id: number | null; onClose: () => void }) {
  const { t } = useTranslation();
  const detail = useMessageDetail(id);
  const data = detail.data;
  return (
    <Modal open={id !== null} onCancel={onClose} footer={null} width={720} title={t('messages.log.detail.title', { id: id ?? '' })} destroyOnHidden>
      {data ? (
        <Descriptions column={1} size="small" bordered data-testid="message-detail">
          <Descriptions.Item label={t('messages.log.columns.status')}>
            <MessageStatusTag status={data.status} />
          </Descriptions.Item>
          <Descriptions.Item label={t('messages.log.columns.channel')}>{t(`messages.channel.${data.channel}`)}</Descriptions.Item>
          <Descriptions.Item label={t('messages.log.columns.kind')}>{messageKindName(t, data.kind)}</Descriptions.Item>
          <Descriptions.Item label={t('messages.log.detail.address')}>{data.address}</Descriptions.Item>
          <Descriptions.Item label={t('messages.log.detail.language')}>{data.language}</Descriptions.Item>
          <Descriptions.Item label={t('messages.log.columns.subject')}>{data.subject}</Descriptions.Item>
          <Descriptions.Item label={t('messages.log.detail.body')}>
            <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', marginBottom: 0 }}>{data.body}</Typography.Paragraph>
          </Descriptions.Item>
          <Descriptions.Item label={t('messages.log.columns.attempts')}>{data.attempts}</Descriptions.Item>
          <Descriptions.Item label={t('messages.log.detail.sentAt')}>{time(data.sentAt)}</Descriptions.Item>
          {data.status === 'queued' ? <Descriptions.Item label={t('messages.log.detail.nextAttempt')}>{time(data.nextAttemptAt)}</Descriptions.Item> : null}
          <Descriptions.Item label={t('messages.log.detail.error')}>{data.error?.message ?? t('messages.log.detail.none')}</Descriptions.Item>
          {data.error?.detail ? <Descriptions.Item label={t('messages.log.detail.detail')}>{data.error.detail}</Descriptions.Item> : null}
          <Descriptions.Item label={t('messages.log.detail.createdBy')}>{data.createdBy ?? '—'}</Descriptions.Item>
          {data.resendOf !== null ? <Descriptions.Item label={t('messages.log.detail.resendOf')}>{data.resendOf}</Descriptions.Item> : null}
          <Descriptions.Item label={t('messages.log.detail.resends')}>
            {data.resends.length === 0 ? t('messages.log.detail.none') : data.resends.map((resend) => <div key={resend.id}>{`#${String(resend.id)} ${t(`messages.status.${resend.status}`)} ${time(resend.createdAt)}`}</div>)}
          </Descriptions.Item>
        </Descriptions>
      ) : null}
    </Modal>
  );
}

/**
 * The message log of platform administration (spec 000 §2.2 /sys/messageLog): every e-mail and WeChat
 * message with what became of it, a chart of counts by status and channel, and resend and cancel where the
 * status allows (core canResendMessage, canCancelMessage, which the server applies too).
 */
export function MessageLogPage() {
  const { t, i18n } = useTranslation();
  const locale = currentLocale(i18n);
  const { modal } = App.useApp();
  const [form] = Form.useForm<FilterForm>();
  const [filters, setFilters] = useState<MessageLogFilters>({});
  const [pageNo, setPageNo] = useState(1);
  const [openId, setOpenId] = useState<number | null>(null);
  const list = useMessageLog(filters, pageNo, PAGE_SIZE);
  const stats = useMessageStats(filters);
  const projects = useProjectListQuery('all', '');
  const action = useMessageAction();
  const chart = useMemo(() => (stats.data ? statusChartOption(stats.data, t) : null), [stats.data, t]);

  const apply = (values: FilterForm) => {
    const [from, to] = values.range ?? [null, null];
    const receiver = values.receiver?.trim();
    setFilters({
      projectId: values.projectId,
      channel: values.channel,
      status: values.status,
      kind: values.kind,
      receiver: receiver === '' ? undefined : receiver,
      // The user's days, with their offset: from the first day's midnight to the midnight after the last.
      from: from ? from.startOf('day').format() : undefined,
      to: to ? to.add(1, 'day').startOf('day').format() : undefined,
    });
    setPageNo(1);
  };
  const act = (kind: 'resend' | 'cancel', item: MessageLogItem) => {
    modal.confirm({
      title: t(kind === 'resend' ? 'messages.log.resendConfirm' : 'messages.log.cancelConfirm'),
      onOk: () => action.mutateAsync({ action: kind, id: item.id }),
    });
  };

  const columns: TableColumnsType<MessageLogItem> = [
    { key: 'id', title: t('messages.log.columns.id'), dataIndex: 'id', width: 70 },
    {
      key: 'status',
      title: t('messages.log.columns.status'),
      width: 110,
      render: (_, m) => (
        <span title={m.status === 'unconfirmed' ? t('messages.log.unconfirmedHint') : (m.error?.message ?? undefined)}>
          <MessageStatusTag status={m.status} />
        </span>
      ),
    },
    { key: 'createdAt', title: t('messages.log.columns.createdAt'), width: 200, render: (_, m) => time(m.createdAt) },
    { key: 'project', title: t('messages.log.columns.project'), width: 140, render: (_, m) => m.projectName ?? '—' },
    { key: 'channel', title: t('messages.log.columns.channel'), width: 80, render: (_, m) => t(`messages.channel.${m.channel}`) },
    { key: 'kind', title: t('messages.log.columns.kind'), width: 190, render: (_, m) => <span data-testid={`message-kind-${String(m.id)}`}>{messageKindName(t, m.kind)}</span> },
    { key: 'receiver', title: t('messages.log.columns.receiver'), width: 200, render: (_, m) => (m.recipientName ? `${m.recipientName} · ${m.address}` : m.address) },
    { key: 'subject', title: t('messages.log.columns.subject'), dataIndex: 'subject', ellipsis: true },
    { key: 'attempts', title: t('messages.log.columns.attempts'), dataIndex: 'attempts', width: 80, align: 'right' },
    {
      key: 'actions',
      title: t('messages.log.columns.actions'),
      width: 170,
      fixed: 'right',
      render: (_, m) => (
        <Space size={0}>
          <Button type="link" size="small" onClick={() => setOpenId(m.id)} data-testid={`message-view-${String(m.id)}`}>
            {t('messages.log.view')}
          </Button>
          {m.canResend ? (
            <Button type="link" size="small" onClick={() => act('resend', m)} data-testid={`message-resend-${String(m.id)}`}>
              {t('messages.log.resend')}
            </Button>
          ) : null}
          {m.canCancel ? (
            <Button type="link" size="small" danger onClick={() => act('cancel', m)} data-testid={`message-cancel-${String(m.id)}`}>
              {t('messages.log.cancel')}
            </Button>
          ) : null}
        </Space>
      ),
    },
  ];
  const all = t('messages.log.filters.all');

  return (
    <Flex vertical gap={16} data-testid="message-log">
      <Card title={t('messages.log.title')}>
        <Form form={form} layout="inline" onFinish={apply} style={{ rowGap: 8 }}>
          <Form.Item name="projectId" label={t('messages.log.filters.project')}>
            <Select
              allowClear
              showSearch={{ optionFilterProp: 'label' }}
              style={{ width: 180 }}
              placeholder={all}
              options={(projects.data ?? []).map((p) => ({ value: p.id, label: `${p.code} ${locale === 'en-US' ? (p.eName ?? p.name) : p.name}` }))}
            />
          </Form.Item>
          <Form.Item name="channel" label={t('messages.log.filters.channel')}>
            <Select allowClear style={{ width: 110 }} placeholder={all} options={OUTBOUND_CHANNELS.map((c) => ({ value: c, label: t(`messages.channel.${c}`) }))} />
          </Form.Item>
          <Form.Item name="status" label={t('messages.log.filters.status')}>
            <Select allowClear style={{ width: 120 }} placeholder={all} options={OUTBOUND_STATUSES.map((s) => ({ value: s, label: t(`messages.status.${s}`) }))} />
          </Form.Item>
          <Form.Item name="kind" label={t('messages.log.filters.kind')}>
            <Select allowClear showSearch={{ optionFilterProp: 'label' }} style={{ width: 190 }} placeholder={all} options={MESSAGE_KINDS.map((k) => ({ value: k, label: messageKindName(t, k) }))} />
          </Form.Item>
          <Form.Item name="receiver" label={t('messages.log.filters.receiver')}>
            <Input allowClear style={{ width: 180 }} maxLength={100} placeholder={t('messages.log.filters.receiverPlaceholder')} />
          </Form.Item>
          <Form.Item name="range" label={t('messages.log.filters.range')}>
            <DatePicker.RangePicker allowEmpty={[true, true]} />
          </Form.Item>
          <Form.Item>
            <Space>
              <Button type="primary" htmlType="submit" data-testid="message-search">
                {t('messages.log.filters.search')}
              </Button>
              <Button
                onClick={() => {
                  form.resetFields();
                  apply({});
                }}
              >
                {t('messages.log.filters.reset')}
              </Button>
            </Space>
          </Form.Item>
        </Form>
      </Card>
      <Card size="small" title={t('messages.log.chart')}>
        {chart ? <EChart option={chart} locale={locale} height={220} data-testid="message-chart" /> : null}
      </Card>
      <Card size="small">
        {list.isError ? (
          <Alert type="warning" showIcon title={t('messages.log.loadFailed')} description={list.error.message} />
        ) : (
          <Table<MessageLogItem>
            rowKey="id"
            size="small"
            loading={list.isFetching}
            columns={columns}
            dataSource={list.data?.list ?? []}
            scroll={{ x: 1300 }}
            pagination={{ current: pageNo, pageSize: PAGE_SIZE, total: list.data?.total ?? 0, onChange: setPageNo, showSizeChanger: false, showTotal: (total) => t('messages.log.total', { count: total }) }}
            data-testid="message-table"
          />
        )}
      </Card>
      <MessageDetailModal id={openId} onClose={() => setOpenId(null)} />
    </Flex>
  );
}
