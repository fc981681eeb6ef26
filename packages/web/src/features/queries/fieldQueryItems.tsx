import { AuditOutlined, CommentOutlined, FunctionOutlined, QuestionCircleOutlined } from '@ant-design/icons';
import { App } from 'antd';
import type { MenuProps } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppInit } from '../../app/initContext';
import type { FieldRef } from '../records/fieldRef';
import { DerivedLogContent, FieldAuditContent } from './AuditDialogs';
import { QueryThreadContent, RaiseQueryContent } from './QueryDialogs';

type Opener = (title: string, width: number, render: (close: () => void) => ReactNode) => void;

/** Opens a dialog through antd's app-level modal, so a menu item can open it after its menu has closed. */
function useDialog(): Opener {
  const { modal } = App.useApp();
  return (title, width, render) => {
    const instance = modal.info({
      title,
      icon: null,
      width,
      closable: true,
      mask: { closable: false },
      footer: null,
      content: render(() => instance.destroy()),
    });
  };
}

/**
 * The query items of a field's settings menu on the panel entry page (spec 002 §2 "Field settings menu":
 * audit log, query; "derived log" for formula fields): raise a query (not on a locked field, spec 002 §4),
 * the field's queries with their threads and the answer, close and cancel the caller may take (spec 002
 * §6, decided by the server with core's rules), the field's audit log and, for a formula, its derived log.
 */
export function useFieldQueryItems(field: FieldRef, onChanged: () => void): MenuProps['items'] {
  const { t } = useTranslation();
  const { projectAbilities } = useAppInit();
  const open = useDialog();
  const target = { panelInstanceId: field.panelInstanceId, path: field.path };
  const mayRaise = projectAbilities['query.raise'] === true;
  const items: NonNullable<MenuProps['items']> = [];
  if (mayRaise) {
    items.push({
      key: 'query-raise',
      icon: <QuestionCircleOutlined />,
      label: t('queries.menu.raise'),
      disabled: field.status === 'LOCKED',
      onClick: () =>
        open(t('queries.raise.title', { field: field.label }), 560, (close) => (
          <RaiseQueryContent
            field={target}
            onCancel={close}
            onDone={() => {
              close();
              onChanged();
            }}
          />
        )),
    });
  }
  items.push({
    key: 'query-thread',
    icon: <CommentOutlined />,
    label: field.openQueries > 0 ? `${t('queries.menu.thread')} (${String(field.openQueries)})` : t('queries.menu.thread'),
    onClick: () => open(t('queries.thread.title', { field: field.label }), 720, () => <QueryThreadContent field={target} onChanged={onChanged} />),
  });
  items.push({
    key: 'query-audit',
    icon: <AuditOutlined />,
    label: t('queries.menu.auditLog'),
    onClick: () => open(t('queries.audit.title', { field: field.label }), 1100, () => <FieldAuditContent field={target} />),
  });
  if (field.hasFormula) {
    items.push({
      key: 'query-derived',
      icon: <FunctionOutlined />,
      label: t('queries.menu.derivedLog'),
      onClick: () => open(t('queries.audit.derivedTitle', { field: field.label }), 1100, () => <DerivedLogContent field={target} />),
    });
  }
  return items;
}
