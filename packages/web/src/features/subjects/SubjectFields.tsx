import { Col, DatePicker, Form, Input, Row, Select } from 'antd';
import dayjs from 'dayjs';
import type { Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { studyToday, SUBJECT_GENDERS, SUBJECT_LONG_TEXT_MAX, SUBJECT_TEXT_MAX } from '@dcap/core';
import { IdentityInfo } from './IdentityInfo';

const DAY = 'YYYY-MM-DD';

/**
 * A date field holding `YYYY-MM-DD` text, as the schemas want it. A birth date after the study's day is
 * disabled, the day the server refuses it from (docs/decisions.md "The study's day"), not the browser's.
 */
export function DayItem({ name, label }: { name: string; label: string }) {
  return (
    <Form.Item
      name={name}
      label={label}
      getValueProps={(value: string | null | undefined) => ({ value: value ? dayjs(value, DAY) : null })}
      normalize={(value: Dayjs | null) => (value ? value.format(DAY) : null)}
    >
      <DatePicker style={{ width: '100%' }} disabledDate={name === 'consentDate' ? undefined : (day) => day.format(DAY) > studyToday(new Date())} data-testid={`subject-form-${name}`} />
    </Form.Item>
  );
}

function TextItem({ name, max = SUBJECT_TEXT_MAX }: { name: string; max?: number }) {
  const { t } = useTranslation();
  return (
    <Form.Item name={name} label={t(`subjects.fields.${name}`)}>
      <Input maxLength={max} allowClear data-testid={`subject-form-${name}`} />
    </Form.Item>
  );
}

/**
 * The subject fields of spec 002 §3 a user writes, in two columns. The identity number shows what it says
 * (birth date, sex, age) as it is typed; the server takes sex and birth date from it.
 */
export function SubjectFields({ clinicalNumber, full }: { clinicalNumber: boolean; full: boolean }) {
  const { t } = useTranslation();
  const form = Form.useFormInstance();
  const idNumber = Form.useWatch<string | undefined>('idNumber', form);
  const half = (node: React.ReactNode, key: string) => (
    <Col xs={24} md={12} key={key}>
      {node}
    </Col>
  );
  return (
    <Row gutter={16}>
      {half(<TextItem name="subjectCode" />, 'subjectCode')}
      {half(<TextItem name="initials" max={16} />, 'initials')}
      {half(<TextItem name="name" />, 'name')}
      {half(
        <Form.Item name="idNumber" label={t('subjects.fields.idNumber')} extra={<IdentityInfo value={idNumber} />}>
          <Input maxLength={18} allowClear data-testid="subject-form-idNumber" />
        </Form.Item>,
        'idNumber',
      )}
      {half(
        <Form.Item name="gender" label={t('subjects.fields.gender')}>
          <Select allowClear options={SUBJECT_GENDERS.map((value) => ({ value, label: t(`subjects.gender.${value}`) }))} data-testid="subject-form-gender" />
        </Form.Item>,
        'gender',
      )}
      {half(<DayItem name="birthDate" label={t('subjects.fields.birthDate')} />, 'birthDate')}
      {clinicalNumber ? half(<TextItem name="screeningNo" />, 'screeningNo') : null}
      {half(<DayItem name="consentDate" label={t('subjects.fields.consentDate')} />, 'consentDate')}
      {full
        ? [
            half(<TextItem name="nation" />, 'nation'),
            half(<TextItem name="phone" />, 'phone'),
            half(<TextItem name="email" />, 'email'),
            half(<TextItem name="insuranceType" />, 'insuranceType'),
            half(<TextItem name="insuranceNo" />, 'insuranceNo'),
            half(<TextItem name="address" max={SUBJECT_LONG_TEXT_MAX} />, 'address'),
            half(<TextItem name="relativeRelation" />, 'relativeRelation'),
            half(<TextItem name="relativePhone" />, 'relativePhone'),
            half(<TextItem name="relativeEmail" />, 'relativeEmail'),
            half(<TextItem name="relativeAddress" max={SUBJECT_LONG_TEXT_MAX} />, 'relativeAddress'),
            half(<TextItem name="remoteSite" />, 'remoteSite'),
          ]
        : null}
    </Row>
  );
}
