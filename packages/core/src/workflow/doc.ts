import type { FieldTransition, FlagCondition, StatusRef } from '../records/workflow.js';
import { FIELD_TRANSITIONS, processEndStatus, stepStartStatus } from '../records/workflow.js';
import { DEFAULT_AUDIT_STEPS } from '../projects/process-config.js';

function status(ref: StatusRef | 'valueChange' | 'blank' | undefined, row: FieldTransition): string {
  if (ref === undefined) return 'unchanged';
  if (ref === 'valueChange') return 'COMPLETED (blank if the new value is)';
  if (ref === 'blank') return 'blank (value cleared)';
  const label = (value: string) => (value === '' ? 'blank' : value);
  switch (ref.kind) {
    case 'stepStart':
      return row.step ? `end of the step before ${row.step} (default ${stepStartStatus(row.step, DEFAULT_AUDIT_STEPS)})` : '';
    case 'stepDone':
      return row.step === 'verify' ? 'VERIFIED' : row.step === 'review' ? 'REVIEWED' : 'SIGNED';
    case 'processEnd':
      return `end of the last used step (default ${processEndStatus(DEFAULT_AUDIT_STEPS)})`;
    case 'locked':
      return 'LOCKED';
    case 'any':
      return `any but ${ref.except.map(label).join(', ')}`;
    case 'oneOf':
      return ref.statuses.map(label).join(', ');
  }
}

const flag = (condition: FlagCondition): string => (condition === 'any' ? 'any' : condition);

function result(row: FieldTransition): string {
  const parts = [status(row.to.status, row)];
  if (row.to.frozen !== undefined) parts.push(row.to.frozen ? 'frozen' : 'not frozen');
  if (row.to.inactive === 'set') parts.push('inactive type set (ND, NA, IE, OTHER)');
  if (row.to.inactive === 'clear') parts.push('inactive type cleared');
  return parts.filter((part) => part !== 'unchanged' || parts.length === 1).join('; ');
}

/** docs/workflow.md: the transition table of core records/workflow.ts, generated so the two never differ. */
export function workflowMarkdown(): string {
  const rows = FIELD_TRANSITIONS.map((row) =>
    [
      `\`${row.action}\``,
      `\`${row.right}\``,
      row.step ?? 'always',
      row.widgets === 'formula' ? 'with a formula' : row.widgets === 'formulaOrRadio' ? 'with a formula, or radio' : 'all',
      status(row.from.status, row),
      flag(row.from.frozen),
      flag(row.from.inactive),
      result(row),
      row.rule,
    ].join(' | '),
  ).map((line) => `| ${line} |`);
  return [
    '# Field workflow',
    '',
    'Generated from `packages/core/src/records/workflow.ts` (`FIELD_TRANSITIONS`); a test keeps this page equal to',
    'the table. Regenerate with `UPDATE_WORKFLOW_DOC=1 npx vitest run --project server packages/server/src/modules/workflow/workflow-doc.test.ts`.',
    '',
    'Spec 002 §4 "Field action rules" as one table (COMPLIANCE WF-1). The server refuses every action the table',
    'does not allow, and the field settings menu of the panel entry page offers the same actions. The project\'s',
    'audit process (project configuration, `projects/process-config.ts`) decides which of the steps verify,',
    'review and sign exist and in which order: a step not used does not exist, each used step starts where the',
    'previous used step ends (COMPLETED for the first) and lock starts where the last used step ends. The',
    'default process uses all three steps, which is the spec\'s chain',
    'COMPLETED → VERIFIED → REVIEWED → SIGNED → LOCKED.',
    '',
    '| action | right | exists when the process uses | widgets | from status | frozen | inactive | result | rule |',
    '|---|---|---|---|---|---|---|---|---|',
    ...rows,
    '',
    '## Around the table',
    '',
    '- Editing a value (COMPLIANCE WF-2): refused on LOCKED data (administrators included; only an audited unlock',
    '  leads back), on frozen data and on inactive data (`fieldEditRefusal`). Frozen data may still be verified,',
    '  reviewed and queried.',
    '- Queries are refused on LOCKED data (`fieldQueryable`).',
    '- Signing is done on a panel, a visit or a subject, never on one field: every entered field in the scope must',
    '  stand at the end of the step before sign (or be signed or locked already); the signature then sets them to',
    '  SIGNED. A later change inside the scope breaks the signature and returns the covered SIGNED fields to the',
    '  end of the step before sign (COMPLIANCE ES-5). There is no user action to remove a signature.',
    '- Bulk actions on a panel, visit or subject apply one of verify, unverify, review, unreview, lock, unlock,',
    '  freeze, unfreeze to every entered field the table allows and report how many were applied and skipped.',
    '- Every applied action writes one audit row per field with the state before and after (COMPLIANCE AT-3).',
    '',
  ].join('\n');
}
