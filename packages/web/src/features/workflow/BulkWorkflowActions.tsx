import { App, Button, Dropdown } from 'antd';
import type { BulkFieldAction, BulkFieldActionResult, SignatureScope } from '@dcap/core';
import { BULK_FIELD_ACTIONS, transitionOf } from '@dcap/core';
import { useTranslation } from 'react-i18next';
import { useAppInit } from '../../app/initContext';
import { useConfirm } from '../../lib/confirm';
import { useBulkAction } from './api';
import { auditStepsOf, workflowRightsOf } from './rights';

export interface BulkWorkflowActionsProps {
  scope: SignatureScope;
  /** The panel instance, event instance or subject id. */
  id: number;
  onDone?: (result: BulkFieldActionResult) => void;
}

/**
 * One workflow action on every field of a panel, a visit or a subject (verify, review, lock, freeze and their
 * undo): the actions the project's process has, each enabled with its right; confirmed, then the counts of
 * fields done and skipped are shown. The server applies core's table field by field.
 */
export function BulkWorkflowActions({ scope, id, onDone }: BulkWorkflowActionsProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const confirm = useConfirm();
  const init = useAppInit();
  const rights = workflowRightsOf(init);
  const steps = auditStepsOf(init);
  const bulk = useBulkAction();
  const actions = BULK_FIELD_ACTIONS.filter((action) => {
    const step = transitionOf(action).step;
    return step === undefined || steps.includes(step);
  });

  const run = (action: BulkFieldAction) => {
    const name = t(`workflow.action.${action}`);
    confirm({
      title: t('workflow.confirm.title', { action: name }),
      content: t('workflow.confirm.bulk', { action: name, scope: t(`workflow.scope.${scope}`) }),
      onOk: () =>
        bulk.mutateAsync({ scope, id, action }).then(
          (result) => {
            void message.success(t('workflow.bulk.result', { applied: result.applied, skipped: result.skipped }));
            onDone?.(result);
          },
          () => undefined,
        ),
    });
  };

  return (
    <Dropdown
      trigger={['click']}
      menu={{
        items: actions.map((action) => ({
          key: action,
          label: <span data-testid={`bulk-action-${action}`}>{t(`workflow.action.${action}`)}</span>,
          disabled: !rights.includes(transitionOf(action).right),
          onClick: () => run(action),
        })),
      }}
    >
      <Button loading={bulk.isPending} data-testid={`bulk-actions-${scope}-${String(id)}`}>{t('workflow.bulk.title')}</Button>
    </Dropdown>
  );
}
