import { Alert, Button, Descriptions, Modal } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { canEnrol, DATE_TIME_FORMAT, isRandomisedProject } from '@dcap/core';
import type { Subject, Unblinding } from '@dcap/core';
import { useAppInit } from '../../app/initContext';
import { useProjectContext } from '../../app/projectContext';
import { useBlindingStateQuery, useEmergencyUnblind } from '../imask/api';
import { UnblindDialog } from '../imask/UnblindDialog';
import { armOf } from './AllocationListPage';
import { approvedScheme, useSchemesQuery, useSubjectAllocationQuery } from './api';
import { RandomiseDialog } from './RandomiseDialog';

/** Whether the project groups subjects by randomisation (project setting groupScheme). */
function useRandomisedProject(): boolean {
  const { project } = useProjectContext();
  return isRandomisedProject(project?.groupScheme);
}

/**
 * The subject page's "Randomise" button: for a randomised project, a caller who may randomise and a subject
 * not yet enrolled (the server checks all of it again).
 */
export function RandomiseButton({ subject }: { subject: Subject }) {
  const { t } = useTranslation();
  const init = useAppInit();
  const { project, currentEnv } = useProjectContext();
  const randomised = useRandomisedProject();
  const mayRandomise = init.projectAbilities['randomisation.randomise'] === true;
  const shown = randomised && mayRandomise && subject.randomNo === null && canEnrol(subject.status);
  const schemes = useSchemesQuery(project?.id ?? null, currentEnv?.key ?? null, shown);
  const [open, setOpen] = useState(false);
  // The dialog outlives the button: once randomised the subject is enrolled, and the dialog shows the result.
  if (!shown && !open) return null;
  return (
    <>
      {shown ? (
        <Button type="primary" loading={open && schemes.isLoading} onClick={() => setOpen(true)} data-testid="subject-randomise">
          {t('balance.randomise.button')}
        </Button>
      ) : null}
      {open && !schemes.isLoading ? <RandomiseDialog subject={subject} scheme={approvedScheme(schemes.data)} onClose={() => setOpen(false)} /> : null}
    </>
  );
}

/** The arm an emergency unblinding revealed, shown once in a dialog. */
function UnblindResult({ unblinding, onClose }: { unblinding: Unblinding; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal open title={t('imask.emergency.doneTitle')} onCancel={onClose} footer={<Button type="primary" onClick={onClose} data-testid="unblind-result-close">{t('common.confirm')}</Button>}>
      <Alert type="warning" showIcon title={t('imask.emergency.doneHint')} style={{ marginBottom: 16 }} />
      <Descriptions size="small" column={1} data-testid="unblind-result">
        <Descriptions.Item label={t('balance.fields.armsOne')}>
          <span data-testid="unblind-arm">{armOf(unblinding) ?? '-'}</span>
        </Descriptions.Item>
      </Descriptions>
    </Modal>
  );
}

/**
 * A randomised subject's allocation on its page (GET /dcap/balance/allocation/subject/:id): the random number,
 * when, and the arm only if the server sent it; and the emergency unblinding of a blinded study's subject, with
 * reason and re-authentication.
 */
export function SubjectAllocation({ subject }: { subject: Subject }) {
  const { t } = useTranslation();
  const init = useAppInit();
  const { project, currentEnv } = useProjectContext();
  const randomised = useRandomisedProject();
  const allocation = useSubjectAllocationQuery(subject.id, randomised && subject.randomNo !== null);
  const blinding = useBlindingStateQuery(project?.id ?? null, currentEnv?.key ?? null, randomised);
  const unblind = useEmergencyUnblind();
  const [asking, setAsking] = useState(false);
  const [revealed, setRevealed] = useState<Unblinding | null>(null);
  const data = allocation.data;
  if (!randomised || !data) return null;

  const arm = armOf(data);
  const blinded = blinding.data !== undefined && blinding.data.blindMethod !== 'N' && !blinding.data.studyUnblinded;
  const mayUnblind = init.projectAbilities['blinding.emergency'] === true && blinded && arm === null && !data.unblinded;
  return (
    <>
      <Descriptions size="small" bordered column={{ xs: 1, md: 3 }} style={{ marginTop: 12 }} title={t('balance.allocation.title')} data-testid="subject-allocation"
        extra={
          mayUnblind ? (
            <Button danger onClick={() => setAsking(true)} data-testid="subject-emergency-unblind">
              {t('imask.emergency.button')}
            </Button>
          ) : null
        }
      >
        <Descriptions.Item label={t('balance.fields.randomNo')}>
          <span data-testid="subject-allocation-random-no">{data.randomNo}</span>
        </Descriptions.Item>
        <Descriptions.Item label={t('balance.fields.allocatedAt')}>{dayjs(data.allocatedAt).format(DATE_TIME_FORMAT)}</Descriptions.Item>
        {arm ? (
          <Descriptions.Item label={t('balance.fields.armsOne')}>
            <span data-testid="subject-allocation-arm">{arm}</span>
          </Descriptions.Item>
        ) : null}
        {data.unblinded ? <Descriptions.Item label={t('balance.fields.unblinded')}>{t('balance.allocations.unblinded')}</Descriptions.Item> : null}
      </Descriptions>
      <UnblindDialog
        open={asking}
        title={t('imask.emergency.title', { subject: data.subject })}
        warning={t('imask.emergency.warning')}
        confirmText={t('imask.emergency.button')}
        loading={unblind.isPending}
        onCancel={() => setAsking(false)}
        onSubmit={(body) =>
          unblind.mutateAsync({ subjectId: subject.id, ...body }).then((unblinding) => {
            setAsking(false);
            setRevealed(unblinding);
          })
        }
      />
      {revealed ? <UnblindResult unblinding={revealed} onClose={() => setRevealed(null)} /> : null}
    </>
  );
}
