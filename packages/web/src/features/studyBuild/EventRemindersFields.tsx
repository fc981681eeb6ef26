import { Checkbox, Col, Divider, Form, InputNumber, Row, Select, Switch, Typography } from 'antd';
import type { FormInstance } from 'antd';
import { useTranslation } from 'react-i18next';
import { DEFAULT_EVENT_REMINDERS, DEFAULT_REMINDER_HOURS, formatReminderHour, REMINDER_CYCLE_MAX_DAYS, REMINDER_OFFSET_MAX_DAYS, REMINDER_TIMES_MAX } from '@dcap/core';
import type { EventReminders } from '@dcap/core';
import { useRoleListQuery } from '../../api/roles';

/** Every hour of the day as a choice: 00:00 to 23:00. */
const HOUR_OPTIONS = Array.from({ length: 24 }, (_, hour) => ({ value: hour, label: formatReminderHour(hour) }));

/** The form's reminder values: the settings of core design/reminders.ts, all fields present. */
export type ReminderFormValues = EventReminders;

/** What the form starts with: the saved settings, else nothing switched on. */
export function reminderFormValues(saved: EventReminders | null): ReminderFormValues {
  return saved ?? DEFAULT_EVENT_REMINDERS;
}

/** The settings sent: none when neither staff notices nor subject reminders are switched on. */
export function remindersBody(values: ReminderFormValues | undefined): EventReminders | null {
  if (!values || (!values.notify.enabled && !values.push.enabled)) return null;
  return values;
}

/**
 * The notify and push settings of a visit (spec 002 §3; docs/decisions.md "Visit reminders"): staff notices
 * with receiver roles, channels and daily hours, subject reminders with times, cycle and channels, the days
 * before the planned day, and the enforce flag. Empty hours mean 08:00 and 20:00 (spec 002 §9).
 */
export function EventRemindersFields({ projectId, form }: { projectId: number; form: FormInstance }) {
  const { t } = useTranslation();
  const roles = useRoleListQuery(projectId);
  const notifyOn = Form.useWatch(['reminders', 'notify', 'enabled'], form) === true;
  const pushOn = Form.useWatch(['reminders', 'push', 'enabled'], form) === true;
  const defaults = DEFAULT_REMINDER_HOURS.map(formatReminderHour).join(t('design.events.reminders.listJoin'));
  const hours = (name: (string | number)[], testId: string, disabled: boolean) => (
    <Form.Item name={name} label={t('design.events.reminders.hours')} extra={t('design.events.reminders.hoursHint', { hours: defaults })}>
      <Select mode="multiple" allowClear options={HOUR_OPTIONS} disabled={disabled} placeholder={defaults} data-testid={testId} />
    </Form.Item>
  );
  const days = (max: number) => ({ min: 0, max, precision: 0, style: { width: '100%' }, suffix: t('design.events.days') });

  return (
    <>
      <Divider titlePlacement="start" plain>
        {t('design.events.reminders.title')}
      </Divider>
      <Row gutter={16}>
        <Col xs={12} md={8}>
          <Form.Item name={['reminders', 'offsetDays']} label={t('design.events.reminders.offsetDays')} extra={t('design.events.reminders.offsetHint')}>
            <InputNumber {...days(REMINDER_OFFSET_MAX_DAYS)} data-testid="event-form-reminder-offset" />
          </Form.Item>
        </Col>
        <Col xs={12} md={16}>
          <Form.Item name={['reminders', 'enforce']} label={t('design.events.reminders.enforce')} valuePropName="checked" extra={t('design.events.reminders.enforceHint')}>
            <Switch data-testid="event-form-reminder-enforce" />
          </Form.Item>
        </Col>
        <Col xs={24}>
          <Typography.Text strong>{t('design.events.reminders.notify')}</Typography.Text>
        </Col>
        <Col xs={8} md={4}>
          <Form.Item name={['reminders', 'notify', 'enabled']} label={t('design.events.reminders.enabled')} valuePropName="checked">
            <Switch data-testid="event-form-notify-enabled" />
          </Form.Item>
        </Col>
        <Col xs={16} md={8}>
          <Form.Item name={['reminders', 'notify', 'roleIds']} label={t('design.events.reminders.receivers')} extra={t('design.events.reminders.receiversHint')}>
            <Select mode="multiple" allowClear disabled={!notifyOn} loading={roles.isPending} options={(roles.data ?? []).map((role) => ({ value: role.id, label: role.alias }))} data-testid="event-form-notify-roles" />
          </Form.Item>
        </Col>
        <Col xs={12} md={4}>
          <Form.Item label={t('design.events.reminders.channels')}>
            <Form.Item name={['reminders', 'notify', 'email']} valuePropName="checked" noStyle>
              <Checkbox disabled={!notifyOn}>{t('design.events.reminders.email')}</Checkbox>
            </Form.Item>
            <Form.Item name={['reminders', 'notify', 'wechat']} valuePropName="checked" noStyle>
              <Checkbox disabled={!notifyOn}>{t('design.events.reminders.wechat')}</Checkbox>
            </Form.Item>
          </Form.Item>
        </Col>
        <Col xs={12} md={8}>
          {hours(['reminders', 'notify', 'hours'], 'event-form-notify-hours', !notifyOn)}
        </Col>
        <Col xs={24}>
          <Typography.Text strong>{t('design.events.reminders.push')}</Typography.Text>
        </Col>
        <Col xs={8} md={4}>
          <Form.Item name={['reminders', 'push', 'enabled']} label={t('design.events.reminders.enabled')} valuePropName="checked">
            <Switch data-testid="event-form-push-enabled" />
          </Form.Item>
        </Col>
        <Col xs={8} md={4}>
          <Form.Item name={['reminders', 'push', 'times']} label={t('design.events.reminders.times')} rules={[{ required: true, message: t('validation.required') }]}>
            <InputNumber min={1} max={REMINDER_TIMES_MAX} precision={0} disabled={!pushOn} style={{ width: '100%' }} data-testid="event-form-push-times" />
          </Form.Item>
        </Col>
        <Col xs={8} md={4}>
          <Form.Item name={['reminders', 'push', 'cycleDays']} label={t('design.events.reminders.cycle')} rules={[{ required: true, message: t('validation.required') }]}>
            <InputNumber min={1} max={REMINDER_CYCLE_MAX_DAYS} precision={0} disabled={!pushOn} style={{ width: '100%' }} suffix={t('design.events.days')} data-testid="event-form-push-cycle" />
          </Form.Item>
        </Col>
        <Col xs={12} md={4}>
          <Form.Item label={t('design.events.reminders.channels')}>
            <Form.Item name={['reminders', 'push', 'email']} valuePropName="checked" noStyle>
              <Checkbox disabled={!pushOn}>{t('design.events.reminders.email')}</Checkbox>
            </Form.Item>
            <Form.Item name={['reminders', 'push', 'wechat']} valuePropName="checked" noStyle>
              <Checkbox disabled={!pushOn}>{t('design.events.reminders.wechat')}</Checkbox>
            </Form.Item>
          </Form.Item>
        </Col>
        <Col xs={12} md={8}>
          {hours(['reminders', 'push', 'hours'], 'event-form-push-hours', !pushOn)}
        </Col>
      </Row>
    </>
  );
}
