import { ArrowRightOutlined } from '@ant-design/icons';
import { Space, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import type { TFunction } from 'i18next';
import type { AuditEntry, Locale, QueryStatus } from '@dcap/core';
import { QUERY_STATUSES, SUBJECT_ACTOR_PREFIX, SUBJECT_ACTOR_ROLE } from '@dcap/core';
import { describeAuditValue, localName, timeWithOffset } from './format';

/** The subject's code when a subject without an account wrote the row (core epro `subjectActor`), else null. */
export function subjectActorCode(row: Pick<AuditEntry, 'actorId' | 'actorUsername' | 'actorRole'>): string | null {
  if (row.actorId !== null || row.actorRole !== SUBJECT_ACTOR_ROLE || !row.actorUsername?.startsWith(SUBJECT_ACTOR_PREFIX)) return null;
  return row.actorUsername.slice(SUBJECT_ACTOR_PREFIX.length);
}

/** An action's label in the interface language, or the action itself when it has none. */
export function actionLabel(t: TFunction, action: string): string {
  const key = `queries.actions.${action}`;
  const label = t(key, { defaultValue: '' });
  return label === '' ? action : label;
}

/** Old → new as one cell; a blank side shows as "(empty)" (COMPLIANCE AT-6: changes to and from empty). */
export function ChangeCell({ entry, t }: { entry: AuditEntry; t: TFunction }) {
  // A query's status reads as its management label (spec 002 §4).
  const readable = (text: string) => (entry.entityType === 'query' && (QUERY_STATUSES as readonly string[]).includes(text) ? t(`queries.status.${text as QueryStatus}`) : text);
  const before = readable(describeAuditValue(entry.oldValue));
  const after = readable(describeAuditValue(entry.newValue));
  const side = (text: string) =>
    text === '' ? (
      <Typography.Text type="secondary">{t('queries.empty')}</Typography.Text>
    ) : (
      <Typography.Text ellipsis={{ tooltip: text }} style={{ maxWidth: 260 }}>
        {text}
      </Typography.Text>
    );
  return (
    <Space size={4} wrap>
      {side(before)}
      <ArrowRightOutlined style={{ fontSize: 10, color: '#999' }} />
      {side(after)}
    </Space>
  );
}

export interface AuditColumnOptions {
  /** Where in the study the row lies (site, subject, visit, panel): the alteration log shows it, a field's log does not. */
  location?: boolean;
  locale: Locale;
}

/** The columns of an audit table (COMPLIANCE AT-7), times in the user's zone with the offset (TS-2). */
export function auditColumns(t: TFunction, options: AuditColumnOptions): TableColumnsType<AuditEntry> {
  const { locale } = options;
  const where: TableColumnsType<AuditEntry> = options.location
    ? [
        { key: 'site', title: t('queries.alteration.columns.site'), width: 110, render: (_, row) => localName(locale, row.siteName, row.siteNameEn) || '—' },
        { key: 'subject', title: t('queries.alteration.columns.subject'), width: 110, render: (_, row) => row.subjectLabel ?? '—' },
        { key: 'visit', title: t('queries.alteration.columns.visit'), width: 110, render: (_, row) => localName(locale, row.eventName, row.eventNameEn) || '—' },
        { key: 'panel', title: t('queries.alteration.columns.panel'), width: 120, render: (_, row) => localName(locale, row.instrumentName, row.instrumentNameEn) || '—' },
        { key: 'field', title: t('queries.alteration.columns.field'), width: 120, render: (_, row) => row.path ?? '—' },
      ]
    : [{ key: 'field', title: t('queries.audit.field'), width: 120, render: (_, row) => row.path ?? '—' }];
  return [
    { key: 'id', title: t('queries.alteration.columns.id'), dataIndex: 'id', width: 80 },
    { key: 'time', title: t('queries.audit.time'), width: 200, render: (_, row) => <span data-testid="audit-time">{timeWithOffset(row.at)}</span> },
    {
      key: 'user',
      title: t('queries.audit.user'),
      width: 140,
      render: (_, row) => {
        // A subject who entered data through a questionnaire link has no account (docs/decisions.md "Subject questionnaires").
        const subject = subjectActorCode(row);
        if (subject !== null) return <span data-testid="audit-subject-actor">{t('questionnaire.subjectActor', { code: subject })}</span>;
        return (
        <span title={row.actorUsername ?? ''}>
          {row.actorName ?? row.actorUsername ?? '—'}
          {row.actorUsername && row.actorName ? <Typography.Text type="secondary"> ({row.actorUsername})</Typography.Text> : null}
        </span>
        );
      },
    },
    { key: 'role', title: t('queries.audit.role'), width: 90, render: (_, row) => (subjectActorCode(row) !== null ? t('questionnaire.subjectRole') : (row.actorRole ?? '—')) },
    ...where,
    { key: 'action', title: t('queries.audit.action'), width: 130, render: (_, row) => actionLabel(t, row.action) },
    { key: 'change', title: t('queries.audit.change'), width: 300, render: (_, row) => <ChangeCell entry={row} t={t} /> },
    { key: 'reason', title: t('queries.audit.reason'), width: 160, render: (_, row) => row.reason ?? '' },
  ];
}
