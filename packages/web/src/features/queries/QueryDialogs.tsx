import { Alert, Button, Collapse, Empty, Flex, Form, Input, Space, Spin, Timeline, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Query, QueryComment, QueryUserAction } from '@dcap/core';
import { QUERY_TEXT_MAX } from '@dcap/core';
import { currentLocale } from '../../i18n';
import { usePanelQueries, useQueryAction, useQueryThread, useRaiseQuery } from './api';
import { timeWithOffset } from './format';
import { QueryStatusTag } from './statusTag';

interface FieldTarget {
  panelInstanceId: number;
  path: string;
}

/**
 * Raise a query on a field (spec 002 §3 "Query": content and contentEn): the raiser writes Chinese,
 * English or both; the server refuses a locked field (spec 002 §4).
 */
export function RaiseQueryContent({ field, onDone, onCancel }: { field: FieldTarget; onDone: () => void; onCancel: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ content?: string; contentEn?: string }>();
  const raise = useRaiseQuery();
  const submit = async () => {
    const values = await form.validateFields();
    await raise.mutateAsync({ panelInstanceId: field.panelInstanceId, path: field.path, content: values.content?.trim() || undefined, contentEn: values.contentEn?.trim() || undefined });
    onDone();
  };
  const eitherRule = {
    validator: () => {
      const { content, contentEn } = form.getFieldsValue();
      return content?.trim() || contentEn?.trim() ? Promise.resolve() : Promise.reject(new Error(t('queries.raise.required')));
    },
  };
  return (
    <Form form={form} layout="vertical" data-testid="raise-query-form">
      <Typography.Paragraph type="secondary">{t('queries.raise.hint')}</Typography.Paragraph>
      <Form.Item name="content" label={t('queries.raise.content')} rules={[eitherRule]} dependencies={['contentEn']}>
        <Input.TextArea rows={3} maxLength={QUERY_TEXT_MAX} showCount data-testid="query-content" />
      </Form.Item>
      <Form.Item name="contentEn" label={t('queries.raise.contentEn')} rules={[eitherRule]} dependencies={['content']}>
        <Input.TextArea rows={3} maxLength={QUERY_TEXT_MAX} showCount data-testid="query-content-en" />
      </Form.Item>
      <Flex justify="end" gap={8}>
        <Button onClick={onCancel}>{t('common.cancel')}</Button>
        <Button type="primary" loading={raise.isPending} onClick={() => void submit().catch(() => undefined)} data-testid="query-submit">
          {t('queries.action.raise')}
        </Button>
      </Flex>
    </Form>
  );
}

function CommentLine({ comment }: { comment: QueryComment }) {
  const { t } = useTranslation();
  return (
    <div>
      <Typography.Text strong>{t(`queries.action.${comment.action}`)}</Typography.Text>{' '}
      <Typography.Text type="secondary">
        {comment.author?.name ?? ''} · {timeWithOffset(comment.createdAt)}
      </Typography.Text>
      {comment.content ? <Typography.Paragraph style={{ margin: '4px 0 0', whiteSpace: 'pre-wrap' }}>{comment.content}</Typography.Paragraph> : null}
    </div>
  );
}

const ACTION_BUTTON: Record<QueryUserAction, { type: 'primary' | 'default'; danger?: boolean }> = {
  answer: { type: 'primary' },
  close: { type: 'default' },
  cancel: { type: 'default', danger: true },
};

/** One query's thread, and the actions the caller may take (the server computes them with core's rules, spec 002 §6). */
function QueryThread({ query, onChanged }: { query: Query; onChanged: () => void }) {
  const { t } = useTranslation();
  const thread = useQueryThread(query.id);
  const act = useQueryAction();
  const [comment, setComment] = useState('');
  const [missing, setMissing] = useState(false);
  const abilities = thread.data?.query.abilities ?? query.abilities;
  const run = async (action: QueryUserAction) => {
    if (action === 'answer' && comment.trim() === '') {
      setMissing(true);
      return;
    }
    await act.mutateAsync({ action, id: query.id, comment });
    setComment('');
    setMissing(false);
    onChanged();
  };
  if (thread.isError) return <Alert type="warning" showIcon title={t('queries.loadFailed')} description={thread.error.message} />;
  return (
    <Flex vertical gap={12} data-testid={`query-thread-${String(query.id)}`}>
      {thread.isPending ? (
        <Spin />
      ) : (
        <Timeline items={thread.data.comments.map((c) => ({ key: c.id, color: c.action === 'answer' ? 'blue' : c.action === 'raise' ? 'orange' : 'gray', content: <CommentLine comment={c} /> }))} />
      )}
      {abilities.length > 0 ? (
        <>
          <Form.Item validateStatus={missing ? 'error' : undefined} help={missing ? t('queries.thread.commentRequired') : undefined} style={{ marginBottom: 0 }}>
            <Input.TextArea
              rows={3}
              value={comment}
              maxLength={QUERY_TEXT_MAX}
              placeholder={t('queries.thread.commentPlaceholder')}
              onChange={(event) => setComment(event.target.value)}
              data-testid="query-comment"
            />
          </Form.Item>
          <Space>
            {abilities.map((action) => (
              <Button key={action} {...ACTION_BUTTON[action]} loading={act.isPending && act.variables.action === action} onClick={() => void run(action).catch(() => undefined)} data-testid={`query-${action}`}>
                {t(`queries.action.${action}`)}
              </Button>
            ))}
          </Space>
        </>
      ) : (
        <Typography.Text type="secondary">{t('queries.thread.noActions')}</Typography.Text>
      )}
    </Flex>
  );
}

function QueryHeader({ query }: { query: Query }) {
  const { t, i18n } = useTranslation();
  // The text in the interface language first, the other language below it when the raiser wrote both.
  const english = currentLocale(i18n) === 'en-US' && query.contentEn !== null;
  const main = english ? (query.contentEn ?? query.content) : query.content;
  const other = english ? query.content : query.contentEn;
  return (
    <Flex vertical gap={2}>
      <Space wrap>
        <QueryStatusTag status={query.status} />
        <Typography.Text strong style={{ whiteSpace: 'pre-wrap' }}>
          {main}
        </Typography.Text>
      </Space>
      {other && other !== main ? (
        <Typography.Text type="secondary" style={{ whiteSpace: 'pre-wrap' }}>
          {other}
        </Typography.Text>
      ) : null}
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {t('queries.thread.raisedBy', { name: query.raisedBy?.name ?? '', role: query.raisedRole ?? '—', time: timeWithOffset(query.raisedAt) })}
      </Typography.Text>
    </Flex>
  );
}

/**
 * The queries of one field, newest first; the first unclosed one opens with its thread. The same thread
 * opens from the query management list for a single query (`only`).
 */
export function QueryThreadContent({ field, only, onChanged }: { field: FieldTarget; only?: number; onChanged: () => void }) {
  const { t } = useTranslation();
  const queries = usePanelQueries(field.panelInstanceId, field.path);
  if (queries.isError) return <Alert type="warning" showIcon title={t('queries.loadFailed')} description={queries.error.message} />;
  if (queries.isPending) return <Spin />;
  const list = queries.data.queries.filter((query) => only === undefined || query.id === only);
  if (list.length === 0) return <Empty description={t('queries.thread.empty')} />;
  const first = list.find((query) => query.status === 'OPEN' || query.status === 'ANSWERED') ?? list[0];
  return (
    <Collapse
      accordion
      defaultActiveKey={first ? [String(first.id)] : []}
      items={list.map((query) => ({ key: String(query.id), label: <QueryHeader query={query} />, children: <QueryThread query={query} onChanged={onChanged} /> }))}
      data-testid="query-threads"
    />
  );
}

/**
 * One action on one query straight from the field's menu (spec 002 §6): the query, its thread, a comment
 * (required to answer) and the button. The menu offers it only when the server lists the action for the caller.
 */
export function ActOnQueryContent({ query, action, onDone, onCancel }: { query: Query; action: QueryUserAction; onDone: () => void; onCancel: () => void }) {
  const { t } = useTranslation();
  const thread = useQueryThread(query.id);
  const act = useQueryAction();
  const [comment, setComment] = useState('');
  const [missing, setMissing] = useState(false);
  const submit = async () => {
    if (action === 'answer' && comment.trim() === '') {
      setMissing(true);
      return;
    }
    await act.mutateAsync({ action, id: query.id, comment });
    onDone();
  };
  return (
    <Flex vertical gap={12} data-testid={`query-${action}-dialog`}>
      <QueryHeader query={query} />
      {thread.data ? <Timeline items={thread.data.comments.map((c) => ({ key: c.id, content: <CommentLine comment={c} /> }))} /> : <Spin />}
      <Form.Item
        label={t('queries.thread.comment')}
        layout="vertical"
        required={action === 'answer'}
        validateStatus={missing ? 'error' : undefined}
        help={missing ? t('queries.thread.commentRequired') : undefined}
        style={{ marginBottom: 0 }}
      >
        <Input.TextArea rows={3} value={comment} maxLength={QUERY_TEXT_MAX} onChange={(event) => setComment(event.target.value)} data-testid={`query-${action}-content`} />
      </Form.Item>
      <Flex justify="end" gap={8}>
        <Button onClick={onCancel}>{t('common.cancel')}</Button>
        <Button {...ACTION_BUTTON[action]} type="primary" loading={act.isPending} onClick={() => void submit().catch(() => undefined)} data-testid={`query-${action}-submit`}>
          {t(`queries.action.${action}`)}
        </Button>
      </Flex>
    </Flex>
  );
}
