import type { MenuProps } from 'antd';
import type { FieldAction, InactiveType } from '@dcap/core';
import { availableFieldActions, INACTIVE_TYPES } from '@dcap/core';
import { useTranslation } from 'react-i18next';
import { useAppInit } from '../../app/initContext';
import { useConfirm } from '../../lib/confirm';
import type { FieldRef } from '../records/fieldRef';
import { useFieldAction } from './api';
import { auditStepsOf, workflowRightsOf } from './rights';

/** Actions that take something away or stop further editing: confirmed first (spec 002 §2). */
const CONFIRMED: ReadonlySet<FieldAction> = new Set<FieldAction>(['clear', 'recalculate', 'lock', 'unlock', 'inactivate']);

/**
 * The workflow items of a field's settings menu on the panel entry page (spec 002 §2 "Field settings menu":
 * inactive with its four types, active, verify/unverify, review/unreview, lock/unlock, freeze/unfreeze, and
 * recalculate and clear where the widget has them). Which items show and which are enabled comes from core's
 * transition table (docs/workflow.md) with the session's rights and the project's process; an item the user
 * lacks the right for stays visible but disabled (spec 002 §6). The server checks everything again.
 */
export function useFieldWorkflowItems(field: FieldRef, onChanged: () => void): MenuProps['items'] {
  const { t } = useTranslation();
  const confirm = useConfirm();
  const init = useAppInit();
  const mutation = useFieldAction();
  const context = { rights: workflowRightsOf(init), steps: auditStepsOf(init), widgetType: field.widgetType, hasFormula: field.hasFormula };
  const available = availableFieldActions({ status: field.status, frozen: field.frozen, inactiveType: field.inactiveType }, context);

  const run = (action: FieldAction, inactiveType?: InactiveType) => {
    const send = () =>
      mutation.mutateAsync({ panelInstanceId: field.panelInstanceId, path: field.path, action: action as Exclude<FieldAction, 'sign'>, inactiveType }).then(onChanged, () => undefined);
    if (!CONFIRMED.has(action)) {
      void send();
      return;
    }
    const name = t(`workflow.action.${action}`);
    const detail =
      action === 'inactivate' && inactiveType ? t('workflow.confirm.inactivate', { type: t(`workflow.inactiveType.${inactiveType}`) }) : t(`workflow.confirm.${action as 'clear'}`);
    confirm({
      title: t('workflow.confirm.title', { action: name }),
      content: (
        <>
          <p>{t('workflow.confirm.field', { label: field.label, action: name })}</p>
          <p>{detail}</p>
        </>
      ),
      danger: action === 'clear' || action === 'lock',
      onOk: send,
    });
  };

  return available.map((entry) => {
    const key = `workflow.${entry.action}`;
    const label = <span data-testid={`field-action-${entry.action}`}>{t(`workflow.action.${entry.action}`)}</span>;
    if (entry.action === 'inactivate') {
      return {
        key,
        label,
        disabled: !entry.enabled,
        children: INACTIVE_TYPES.map((type) => ({
          key: `${key}.${type}`,
          label: <span data-testid={`field-action-inactivate-${type}`}>{t(`workflow.inactiveType.${type}`)}</span>,
          onClick: () => run('inactivate', type),
        })),
      };
    }
    return { key, label, disabled: !entry.enabled || mutation.isPending, onClick: () => run(entry.action) };
  });
}
