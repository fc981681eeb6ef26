import { ArrowLeftOutlined, DownOutlined } from '@ant-design/icons';
import { Alert, App, Button, Card, Descriptions, Dropdown, Flex, Form, Space, Tabs, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import type { Subject, SubjectStatus, UpdateSubjectRequest } from '@dcap/core';
import { ageOn, canEnrol, canRecordScreeningResult, canRequestScreeningRollback, DATE_TIME_FORMAT, isRandomisedProject, statusCallTargets, studyToday } from '@dcap/core';
import { useAppInit } from '../../app/initContext';
import { useProjectContext } from '../../app/projectContext';
import { RandomiseButton, SubjectAllocation } from '../balance/SubjectRandomisation';
import { SubjectDispensing } from '../supply/SubjectDispensing';
import { SubjectWechat } from '../epro/SubjectWechat';
import { SurveyLinkList } from '../epro/SurveyLinkList';
import { CasebookButton } from '../crfPdf/CrfPdfButtons';
import { SubjectSchedule } from '../schedule/SubjectSchedule';
import { useSubjectOptionsQuery, useSubjectQuery, useUpdateSubjectMutation } from './api';
import type { SubjectDialog } from './SubjectActionDialogs';
import { SubjectActionDialogs } from './SubjectActionDialogs';
import { SubjectFields } from './SubjectFields';
import { SubjectStatusTag } from './SubjectStatusTag';

type InfoValues = Omit<UpdateSubjectRequest, 'id' | 'version'>;

const INFO_FIELDS = [
  'subjectCode',
  'initials',
  'name',
  'idNumber',
  'gender',
  'birthDate',
  'nation',
  'insuranceType',
  'insuranceNo',
  'phone',
  'email',
  'address',
  'relativeRelation',
  'relativePhone',
  'relativeEmail',
  'relativeAddress',
  'screeningNo',
  'consentDate',
  'remoteSite',
] as const;

function infoOf(subject: Subject): InfoValues {
  return Object.fromEntries(INFO_FIELDS.map((key) => [key, subject[key]]));
}

/** Only the fields that changed, so a save sends what the user touched (a field left out keeps its value). */
function changed(before: InfoValues, after: InfoValues): InfoValues {
  const out: Record<string, unknown> = {};
  for (const key of INFO_FIELDS) {
    const next = after[key] === '' || after[key] === undefined ? null : after[key];
    if (next !== (before[key] ?? null)) out[key] = next;
  }
  return out;
}

function InfoTab({ subject, clinicalNumber, editable }: { subject: Subject; clinicalNumber: boolean; editable: boolean }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<InfoValues>();
  const update = useUpdateSubjectMutation();
  const initial = infoOf(subject);
  return (
    <Form
      form={form}
      layout="vertical"
      initialValues={initial}
      disabled={!editable}
      key={subject.version}
      onFinish={(values) => {
        const body = changed(initial, values);
        if (Object.keys(body).length === 0) return;
        update
          .mutateAsync({ id: subject.id, version: subject.version, ...body })
          .then(() => void message.success(t('subjects.page.saved')))
          .catch(() => undefined);
      }}
      data-testid="subject-info-form"
    >
      <SubjectFields clinicalNumber={clinicalNumber || subject.screeningNo !== null} full />
      {editable ? (
        <Button type="primary" htmlType="submit" loading={update.isPending} data-testid="subject-info-save">
          {t('common.save')}
        </Button>
      ) : null}
    </Form>
  );
}

/**
 * A subject's page (spec 002 §2 "subject information", "enrolment", "subject status management"): a header
 * with the code, site and status and the actions the status allows (core's transition table), and tabs for
 * the visits (the schedule's event × panel matrix) and the information of spec 002 §3.
 */
export function SubjectPage() {
  const { t } = useTranslation();
  const params = useParams();
  const subjectId = Number(params.subjectId);
  const init = useAppInit();
  const { project, currentEnv } = useProjectContext();
  const subject = useSubjectQuery(subjectId);
  const options = useSubjectOptionsQuery(project?.id ?? null, currentEnv?.key ?? null);
  const [dialog, setDialog] = useState<SubjectDialog>(null);
  const [target, setTarget] = useState<SubjectStatus | undefined>(undefined);
  const canEnter = init.projectAbilities['record.enter'] === true;
  const canExport = init.projectAbilities['data.export'] === true;

  if (subject.isError) return <Alert type="warning" showIcon title={subject.error.message} />;
  const data = subject.data;
  if (!data) return <Card loading />;

  const statusTargets = statusCallTargets(data.status);
  const actions = canEnter ? (
    <Space wrap>
      {canRecordScreeningResult(data.status) ? (
        <Button onClick={() => setDialog('screening')} data-testid="action-screening">
          {t('subjects.actions.screening')}
        </Button>
      ) : null}
      {canEnrol(data.status) && !isRandomisedProject(project?.groupScheme) ? (
        <Button type="primary" onClick={() => setDialog('enrol')} data-testid="subject-enrol">
          {t('subjects.actions.enrol')}
        </Button>
      ) : null}
      {canRequestScreeningRollback(data.status) && !data.pendingRollback ? (
        <Button onClick={() => setDialog('rollback')} data-testid="action-rollback">
          {t('subjects.actions.rollback')}
        </Button>
      ) : null}
      {statusTargets.length > 0 ? (
        <Dropdown.Button
          icon={<DownOutlined />}
          menu={{
            items: statusTargets.map((value) => ({ key: value, label: t(`subjects.status.${value}`) })),
            onClick: ({ key }) => {
              setTarget(key as SubjectStatus);
              setDialog('status');
            },
          }}
          onClick={() => {
            setTarget(undefined);
            setDialog('status');
          }}
          data-testid="action-status"
        >
          {t('subjects.actions.status')}
        </Dropdown.Button>
      ) : null}
    </Space>
  ) : null;

  // Age on the study's day, whichever zone the browser is in (docs/decisions.md "The study's day").
  const age = data.birthDate ? ageOn(data.birthDate, studyToday(new Date())) : null;
  return (
    <Flex vertical gap={16} data-testid="subject-page">
      <Card>
        <Flex justify="space-between" align="start" wrap gap={12}>
          <Space orientation="vertical" size={4}>
            <Link to="/survey/schedule">
              <ArrowLeftOutlined /> {t('subjects.page.back')}
            </Link>
            <Space size={8} align="center">
              <Typography.Title level={4} style={{ margin: 0 }} data-testid="subject-title">
                {data.subjectCode ?? data.platformNo}
              </Typography.Title>
              <span data-testid="subject-status">
                <SubjectStatusTag status={data.status} />
              </span>
              {data.pendingRollback ? <Tag color="orange">{t('subjects.page.pendingRollback')}</Tag> : null}
            </Space>
          </Space>
          <Space wrap align="start">
            {canExport ? <CasebookButton subjectId={data.id} /> : null}
            <RandomiseButton subject={data} />
            {actions}
          </Space>
        </Flex>
        <Descriptions size="small" column={{ xs: 1, md: 3, xl: 4 }} style={{ marginTop: 12 }}>
          <Descriptions.Item label={t('subjects.fields.site')}>{`${data.siteCode} ${data.siteName}`}</Descriptions.Item>
          <Descriptions.Item label={t('subjects.fields.platformNo')}>{data.platformNo}</Descriptions.Item>
          <Descriptions.Item label={t('subjects.fields.initials')}>{data.initials ?? '-'}</Descriptions.Item>
          <Descriptions.Item label={t('subjects.fields.gender')}>
            {data.gender ? t(`subjects.gender.${data.gender}`) : '-'}
            {age !== null ? ` · ${String(age)}` : ''}
          </Descriptions.Item>
          {data.statusReason ? <Descriptions.Item label={t('subjects.fields.statusReason')}>{data.statusReason}</Descriptions.Item> : null}
          {data.randomNo ? (
            <>
              <Descriptions.Item label={t('subjects.fields.randomNo')}>{data.randomNo}</Descriptions.Item>
              <Descriptions.Item label={t('subjects.fields.treatmentPhase')}>{data.treatmentPhase}</Descriptions.Item>
              <Descriptions.Item label={t('subjects.fields.firstDrugNo')}>{data.firstDrugNo}</Descriptions.Item>
              <Descriptions.Item label={t('subjects.fields.enrolledAt')}>{data.enrolledAt ? dayjs(data.enrolledAt).format(DATE_TIME_FORMAT) : '-'}</Descriptions.Item>
            </>
          ) : null}
          <Descriptions.Item label={t('subjects.fields.createdAt')}>{dayjs(data.createdAt).format(DATE_TIME_FORMAT)}</Descriptions.Item>
        </Descriptions>
        <SubjectAllocation subject={data} />
        <SubjectDispensing subject={data} />
      </Card>
      <Card>
        <Tabs
          items={[
            { key: 'visits', label: t('subjects.page.visits'), children: <SubjectSchedule subjectId={data.id} /> },
            {
              key: 'info',
              label: t('subjects.page.info'),
              children: <InfoTab subject={data} clinicalNumber={options.data?.clinicalNumber ?? false} editable={canEnter} />,
            },
            // Spec 002 §4 questionnaire states; links are made from a panel's header (docs/decisions.md "Subject
            // questionnaires"); the subject's WeChat binding above them ("Subject WeChat binding").
            ...(canEnter
              ? [
                  {
                    key: 'surveys',
                    label: t('questionnaire.tab'),
                    children: (
                      <>
                        <SubjectWechat subjectId={data.id} canEnter={canEnter} />
                        <SurveyLinkList subjectId={data.id} canEnter={canEnter} />
                      </>
                    ),
                  },
                ]
              : []),
          ]}
          data-testid="subject-tabs"
        />
      </Card>
      <SubjectActionDialogs subject={data} open={dialog} status={target} onClose={() => setDialog(null)} />
    </Flex>
  );
}
