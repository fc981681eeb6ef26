import { AuditOutlined } from '@ant-design/icons';
import { Badge, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { isPlatformAdmin } from '@dcap/core';
import { useAppInit } from '../../../app/initContext';
import { useApprovalCountQuery } from './api';

export const APPROVALS_PATH = '/project/approvals';

/**
 * The header's approvals entry with the number of applications awaiting the caller's decision. Only
 * approvers (platform administrators, core permissions) see it; a click opens the inbox.
 */
export function ApprovalsBadge() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { user } = useAppInit();
  const approver = isPlatformAdmin(user);
  const count = useApprovalCountQuery(approver);
  if (!approver) return null;
  const label = t('approvals.badge');
  return (
    <Tooltip title={label}>
      <span
        className="dcap-header__action"
        role="button"
        tabIndex={0}
        aria-label={label}
        onClick={() => void navigate(APPROVALS_PATH)}
        onKeyDown={(event) => {
          if (event.key === 'Enter' || event.key === ' ') void navigate(APPROVALS_PATH);
        }}
        data-testid="approvals-badge"
      >
        {/* The badge's wrapper would set antd's dark text colour; the header's light one is kept. */}
        <Badge count={count.data ?? 0} size="small" overflowCount={99} style={{ boxShadow: 'none' }} data-testid="approvals-badge-count">
          <AuditOutlined style={{ color: 'rgba(255, 255, 255, 0.85)', fontSize: 16 }} />
        </Badge>
        <span>{t('menu.approvals')}</span>
      </span>
    </Tooltip>
  );
}
