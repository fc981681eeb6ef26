import { AuditOutlined, CheckCircleOutlined, EditOutlined, LockOutlined, MinusCircleOutlined, PauseCircleOutlined, SafetyCertificateOutlined, SettingOutlined } from '@ant-design/icons';
import { Badge, Button, Dropdown, Tooltip } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { FieldStatus } from '@dcap/core';
import { useFieldQueryItems } from '../queries/fieldQueryItems';
import { useFieldWorkflowItems } from '../workflow/fieldWorkflowItems';
import type { FieldRef } from './fieldRef';

const STATUS_ICONS: Record<Exclude<FieldStatus, ''>, { icon: ReactNode; color: string }> = {
  ENTERING: { icon: <EditOutlined />, color: '#faad14' },
  COMPLETED: { icon: <CheckCircleOutlined />, color: '#1677ff' },
  VERIFIED: { icon: <SafetyCertificateOutlined />, color: '#52c41a' },
  REVIEWED: { icon: <AuditOutlined />, color: '#722ed1' },
  SIGNED: { icon: <EditOutlined />, color: '#d48806' },
  LOCKED: { icon: <LockOutlined />, color: '#595959' },
};

/** A field's status icon (spec 002 §4): its place on the forward chain, frozen and inactive marks. */
export function FieldStatusIcon({ field }: { field: FieldRef }) {
  const { t } = useTranslation();
  const parts: ReactNode[] = [];
  if (field.status !== '') {
    const { icon, color } = STATUS_ICONS[field.status];
    parts.push(
      <Tooltip key="status" title={t(`records.fieldStatus.${field.status}`)}>
        <span style={{ color }} data-testid="field-status" data-status={field.status}>
          {icon}
        </span>
      </Tooltip>,
    );
  }
  if (field.frozen) {
    parts.push(
      <Tooltip key="frozen" title={t('records.fieldStatus.frozen')}>
        <PauseCircleOutlined style={{ color: '#13c2c2' }} data-testid="field-frozen" />
      </Tooltip>,
    );
  }
  if (field.inactiveType !== null) {
    parts.push(
      <Tooltip key="inactive" title={`${t('records.inactive')} ${field.inactiveType}`}>
        <MinusCircleOutlined style={{ color: '#8c8c8c' }} />
      </Tooltip>,
    );
  }
  return <>{parts}</>;
}

/**
 * Beside each field of the panel entry page: status icon, open-query badge and the settings menu, whose items
 * come from workflow and queries (their hooks take the field's FieldRef).
 */
export function FieldExtra({ field, showQueries, onChanged }: { field: FieldRef; showQueries: boolean; onChanged: () => void }) {
  const { t } = useTranslation();
  const workflowItems = useFieldWorkflowItems(field, onChanged) ?? [];
  const queryItems = useFieldQueryItems(field, onChanged) ?? [];
  const items = [...workflowItems, ...(workflowItems.length > 0 && queryItems.length > 0 ? [{ type: 'divider' as const }] : []), ...queryItems];
  return (
    <span className="dcap-records-field-extra" data-testid={`field-extra-${field.path}`}>
      <FieldStatusIcon field={field} />
      {showQueries && field.openQueries > 0 ? <Badge count={field.openQueries} size="small" color="#fa541c" data-testid="field-queries" /> : null}
      {items.length > 0 ? (
        <Dropdown menu={{ items }} trigger={['click']}>
          <Button type="text" size="small" icon={<SettingOutlined />} aria-label={t('records.fieldMenu')} />
        </Dropdown>
      ) : null}
    </span>
  );
}
