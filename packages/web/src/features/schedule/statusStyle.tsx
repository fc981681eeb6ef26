import {
  CheckOutlined,
  EditOutlined,
  EyeOutlined,
  HighlightOutlined,
  LockOutlined,
  MinusOutlined,
  PauseOutlined,
  SafetyCertificateOutlined,
  StopOutlined,
} from '@ant-design/icons';
import type { PanelStatus, VisitWindowStatus } from '@dcap/core';
import type { ReactNode } from 'react';

/** The look of each panel status in the matrix (spec 002 §4 "Panel states in labels"): a colour and an icon. */
export const PANEL_STATUS_STYLE: Record<PanelStatus, { color: string; icon: ReactNode }> = {
  EXPIRED: { color: '#BFBFBF', icon: <MinusOutlined /> },
  INCOMPLETE: { color: '#FAAD14', icon: <EditOutlined /> },
  COMPLETED: { color: '#1890FF', icon: <CheckOutlined /> },
  VERIFIED: { color: '#13C2C2', icon: <SafetyCertificateOutlined /> },
  REVIEWED: { color: '#722ED1', icon: <EyeOutlined /> },
  FROZEN: { color: '#2F54EB', icon: <PauseOutlined /> },
  SIGNED: { color: '#52C41A', icon: <HighlightOutlined /> },
  LOCKED: { color: '#595959', icon: <LockOutlined /> },
  NOT_CHECKED: { color: '#8C8C8C', icon: <StopOutlined /> },
};

/** antd Tag colours of the visit window statuses (core schedule/plan.ts). */
export const WINDOW_STATUS_COLOR: Record<VisitWindowStatus, string> = {
  NOT_DUE: 'default',
  DUE: 'processing',
  OVERDUE: 'error',
  STARTED: 'gold',
  IN_WINDOW: 'success',
  OUT_OF_WINDOW: 'warning',
  DONE: 'success',
  UNPLANNED: 'default',
};

/** A panel status as a small coloured square with its icon. */
export function StatusSquare({ status, size = 22 }: { status: string; size?: number }) {
  const style = status in PANEL_STATUS_STYLE ? PANEL_STATUS_STYLE[status as PanelStatus] : PANEL_STATUS_STYLE.EXPIRED;
  return (
    <span
      style={{
        display: 'inline-flex',
        alignItems: 'center',
        justifyContent: 'center',
        width: size,
        height: size,
        borderRadius: 4,
        background: style.color,
        color: '#fff',
        fontSize: Math.round(size * 0.6),
      }}
    >
      {style.icon}
    </span>
  );
}
