import { Col, Form, Input, InputNumber, Row, Select, Switch } from 'antd';
import type { FormInstance } from 'antd';
import { useTranslation } from 'react-i18next';
import { EVENT_OFFSET_MAX_DAYS, EVENT_TYPES, EVENT_WINDOW_MAX_DAYS, eventHasSchedule } from '@dcap/core';
import type { DesignEvent, EventType, SaveEventRequest } from '@dcap/core';
import { useSaveEventMutation } from '../../api/events';
import { FormModal } from '../../components/FormModal';
import { blankToNull } from '../../lib/formRules';
import { showServerErrors } from '../../lib/serverErrors';
import { isApiError } from '../../api/errors';
import type { ReminderFormValues } from './EventRemindersFields';
import { EventRemindersFields, reminderFormValues, remindersBody } from './EventRemindersFields';
import { EVENT_TYPE_LABEL_KEYS } from './labels';

interface EventFormValues {
  name: string;
  nameEn?: string | null;
  type: EventType;
  offsetDays?: number | null;
  windowBefore?: number | null;
  windowAfter?: number | null;
  repeatable?: boolean;
  reminders?: ReminderFormValues;
}

const FIELDS = ['name', 'nameEn', 'type', 'offsetDays', 'windowBefore', 'windowAfter', 'repeatable'];

/**
 * The request body: unscheduled visits and logs carry no planned day or window (core `eventHasSchedule`),
 * and only a visit with a planned day carries reminders.
 */
export function eventBody(projectId: number, id: number | undefined, values: EventFormValues): SaveEventRequest {
  const scheduled = eventHasSchedule(values.type);
  return {
    projectId,
    ...(id === undefined ? {} : { id }),
    name: values.name.trim(),
    nameEn: blankToNull(values.nameEn),
    type: values.type,
    offsetDays: scheduled ? (values.type === 'BASELINE' ? 0 : (values.offsetDays ?? null)) : null,
    windowBefore: scheduled ? (values.windowBefore ?? 0) : 0,
    windowAfter: scheduled ? (values.windowAfter ?? 0) : 0,
    repeatable: values.repeatable === true,
    reminders: scheduled && (values.type === 'BASELINE' || values.offsetDays != null) ? remindersBody(values.reminders) : null,
  };
}

/** The server's complaints about reminder settings, on their fields (`reminders.push.hours.1` → the hours field). */
function showReminderErrors(form: FormInstance, error: unknown): void {
  if (!isApiError(error)) return;
  const marks = error.errors
    .filter((item) => item.path.startsWith('reminders.'))
    .map((item) => ({ name: item.path.split('.').filter((part) => !/^\d+$/.test(part)), errors: [item.message] }));
  if (error.errorCode === 'event.reminder_role_unknown') marks.push({ name: ['reminders', 'notify', 'roleIds'], errors: [error.msg] });
  if (error.errorCode === 'event.reminders_unplanned') marks.push({ name: ['reminders', 'offsetDays'], errors: [error.msg] });
  form.setFields(marks);
}

interface EventFormModalProps {
  open: boolean;
  projectId: number;
  event: DesignEvent | null;
  onClose: () => void;
}

/** Creates or edits a visit: its type, planned day relative to baseline and visit window. */
export function EventFormModal({ open, projectId, event, onClose }: EventFormModalProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<EventFormValues>();
  const save = useSaveEventMutation();
  const type = Form.useWatch('type', form) as EventType | undefined;
  const scheduled = type === undefined || eventHasSchedule(type);

  const onFinish = async (values: EventFormValues) => {
    try {
      await save.mutateAsync(eventBody(projectId, event?.id, values));
      onClose();
    } catch (error) {
      showServerErrors(form, error, FIELDS, { 'event.name_taken': 'name', 'event.schedule_not_allowed': 'offsetDays', 'event.baseline_offset': 'offsetDays' });
      showReminderErrors(form, error);
    }
  };

  const initialValues: Partial<EventFormValues> = event
    ? { ...event, reminders: reminderFormValues(event.reminders) }
    : { type: 'TREATMENT', windowBefore: 0, windowAfter: 0, repeatable: false, reminders: reminderFormValues(null) };
  const days = { min: 0, max: EVENT_WINDOW_MAX_DAYS, precision: 0, style: { width: '100%' }, suffix: t('design.events.days') };

  return (
    <FormModal
      open={open}
      title={event ? t('design.events.form.editTitle') : t('design.events.form.createTitle')}
      width={880}
      onClose={onClose}
      onSubmit={() => form.submit()}
      submitting={save.isPending}
      submitTestId="event-form-submit"
    >
      <Form<EventFormValues> form={form} preserve={false} layout="vertical" initialValues={initialValues} onFinish={(values) => void onFinish(values)} data-testid="event-form">
        <Row gutter={16}>
          <Col xs={24} md={12}>
            <Form.Item name="name" label={t('design.events.fields.name')} rules={[{ required: true, whitespace: true, message: t('validation.required') }, { max: 128, message: t('validation.tooLong') }]}>
              <Input data-testid="event-form-name" />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="nameEn" label={t('design.events.fields.nameEn')} rules={[{ max: 128, message: t('validation.tooLong') }]}>
              <Input data-testid="event-form-name-en" />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="type" label={t('design.events.fields.type')} rules={[{ required: true, message: t('validation.required') }]}>
              <Select options={EVENT_TYPES.map((value) => ({ value, label: t(EVENT_TYPE_LABEL_KEYS[value]) }))} data-testid="event-form-type" />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="repeatable" label={t('design.events.fields.repeatable')} valuePropName="checked" extra={t('design.events.form.repeatableHint')}>
              <Switch data-testid="event-form-repeatable" />
            </Form.Item>
          </Col>
          {scheduled ? (
            <>
              <Col xs={24} md={8}>
                <Form.Item name="offsetDays" label={t('design.events.fields.offsetDays')} extra={t('design.events.form.offsetHint')}>
                  <InputNumber
                    min={-EVENT_OFFSET_MAX_DAYS}
                    max={EVENT_OFFSET_MAX_DAYS}
                    precision={0}
                    disabled={type === 'BASELINE'}
                    style={{ width: '100%' }}
                    data-testid="event-form-offset"
                  />
                </Form.Item>
              </Col>
              <Col xs={12} md={8}>
                <Form.Item name="windowBefore" label={t('design.events.fields.windowBefore')}>
                  <InputNumber {...days} data-testid="event-form-window-before" />
                </Form.Item>
              </Col>
              <Col xs={12} md={8}>
                <Form.Item name="windowAfter" label={t('design.events.fields.windowAfter')}>
                  <InputNumber {...days} data-testid="event-form-window-after" />
                </Form.Item>
              </Col>
              <Col xs={24}>
                <EventRemindersFields projectId={projectId} form={form} />
              </Col>
            </>
          ) : (
            <Col xs={24}>
              <Form.Item>{t('design.events.form.unscheduledHint')}</Form.Item>
            </Col>
          )}
        </Row>
      </Form>
    </FormModal>
  );
}
