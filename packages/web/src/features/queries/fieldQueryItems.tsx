import { AuditOutlined, CheckOutlined, CloseCircleOutlined, CommentOutlined, FunctionOutlined, MessageOutlined, QuestionCircleOutlined } from '@ant-design/icons';
import { App } from 'antd';
import type { MenuProps } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Query, QueryUserAction } from '@dcap/core';
import { useAppInit } from '../../app/initContext';
import type { FieldRef } from '../records/fieldRef';
import { usePanelQueries } from './api';
import { DerivedLogContent, FieldAuditContent } from './AuditDialogs';
import { ActOnQueryContent, QueryThreadContent, RaiseQueryContent } from './QueryDialogs';

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

const ACTION_ICONS: Record<QueryUserAction, ReactNode> = { answer: <MessageOutlined />, close: <CheckOutlined />, cancel: <CloseCircleOutlined /> };

/**
 * The query items of a field's settings menu on the panel entry page (spec 002 §2 "Field settings menu":
 * audit log, query; "derived log" for formula fields): raise a query (not on a locked field, spec 002 §4);
 * answer, close or cancel the field's oldest query the caller may so act on (spec 002 §6, the actions the
 * server lists with core's rules); every query of the field with its thread; the field's audit log and, for
 * a formula, its derived log.
 */
export function useFieldQueryItems(field: FieldRef, onChanged: () => void): MenuProps['items'] {
  const { t } = useTranslation();
  const { projectAbilities } = useAppInit();
  const open = useDialog();
  const target = { panelInstanceId: field.panelInstanceId, path: field.path };
  // One read per panel, shared by its fields; only fields with unclosed queries need it.
  const panelQueries = usePanelQueries(field.panelInstanceId, undefined, field.openQueries > 0);
  const fieldQueries = (panelQueries.data?.queries ?? []).filter((query) => query.path === field.path);
  const oldestFor = (action: QueryUserAction): Query | undefined => fieldQueries.filter((query) => query.abilities.includes(action)).at(-1);
  const label = (key: string, text: string) => <span data-testid={`field-action-${key}`}>{text}</span>;
  const items: NonNullable<MenuProps['items']> = [];

  if (projectAbilities['query.raise'] === true) {
    items.push({
      key: 'query-raise',
      icon: <QuestionCircleOutlined />,
      label: label('query', t('queries.menu.raise')),
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
  for (const action of ['answer', 'close', 'cancel'] as const) {
    const query = oldestFor(action);
    if (!query) continue;
    items.push({
      key: `query-${action}`,
      icon: ACTION_ICONS[action],
      label: label(`query-${action}`, t(`queries.action.${action}`)),
      onClick: () =>
        open(t('queries.thread.title', { field: field.label }), 640, (close) => (
          <ActOnQueryContent
            query={query}
            action={action}
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
    label: label('query-thread', field.openQueries > 0 ? `${t('queries.menu.thread')} (${String(field.openQueries)})` : t('queries.menu.thread')),
    onClick: () => open(t('queries.thread.title', { field: field.label }), 720, () => <QueryThreadContent field={target} onChanged={onChanged} />),
  });
  items.push({
    key: 'query-audit',
    icon: <AuditOutlined />,
    label: label('audit-log', t('queries.menu.auditLog')),
    onClick: () => open(t('queries.audit.title', { field: field.label }), 1100, () => <FieldAuditContent field={target} />),
  });
  if (field.hasFormula) {
    items.push({
      key: 'query-derived',
      icon: <FunctionOutlined />,
      label: label('derived-log', t('queries.menu.derivedLog')),
      onClick: () => open(t('queries.audit.derivedTitle', { field: field.label }), 1100, () => <DerivedLogContent field={target} />),
    });
  }
  return items;
}
