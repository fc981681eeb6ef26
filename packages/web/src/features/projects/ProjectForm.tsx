import { Checkbox, Col, Divider, Form, Input, Radio, Row, Switch } from 'antd';
import type { FormInstance } from 'antd';
import { useTranslation } from 'react-i18next';
import { APPLICATIONS, BLIND_METHODS, createProjectSchema, GROUP_SCHEMES, offeredConfigFlags } from '@dcap/core';
import { schemaRule } from '../../lib/formRules';
import { BLIND_METHOD_LABEL_KEYS, CONFIG_FLAG_LABEL_KEYS, GROUP_SCHEME_LABEL_KEYS } from '../../lib/projectLabels';
import type { ProjectFormValues } from './projectFormValues';

interface ProjectFormProps {
  form: FormInstance<ProjectFormValues>;
  initialValues: Partial<ProjectFormValues>;
  disabled?: boolean;
  onFinish: (values: ProjectFormValues) => void;
}

const fields = createProjectSchema.shape;

const OFFERED_FLAGS = offeredConfigFlags();

/**
 * The project's configuration (spec 000 §3): identity and people, the design choices, the enabled
 * applications and the configuration flags whose capability exists. Rules are core's schemas, so the
 * browser refuses what the server would.
 */
export function ProjectForm({ form, initialValues, disabled = false, onFinish }: ProjectFormProps) {
  const { t } = useTranslation();
  const required = { required: true, whitespace: true, message: t('validation.required') };
  const tooLong = (field: keyof typeof fields) => schemaRule(fields[field], t('validation.tooLong'));
  const text = (name: keyof ProjectFormValues & keyof typeof fields, testId: string) => (
    <Col xs={24} md={12}>
      <Form.Item name={name} label={t(`projects.fields.${name}`)} rules={[tooLong(name)]}>
        <Input data-testid={testId} />
      </Form.Item>
    </Col>
  );

  return (
    <Form<ProjectFormValues>
      form={form}
      layout="vertical"
      initialValues={initialValues}
      disabled={disabled}
      onFinish={onFinish}
      data-testid="project-form"
    >
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <Form.Item
            name="code"
            label={t('projects.fields.code')}
            extra={t('projects.form.codeHint')}
            rules={[required, schemaRule(fields.code, t('projects.form.codeFormat'))]}
          >
            <Input maxLength={40} data-testid="project-form-code" />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="name" label={t('projects.fields.name')} rules={[required, tooLong('name')]}>
            <Input data-testid="project-form-name" />
          </Form.Item>
        </Col>
        {text('eName', 'project-form-ename')}
        {text('sponsorNames', 'project-form-sponsor')}
        {text('piUserNames', 'project-form-pi')}
        {text('piUserNamesEn', 'project-form-pi-en')}
        {text('croNames', 'project-form-cro')}
        <Col xs={24}>
          <Form.Item name="description" label={t('projects.fields.description')} rules={[tooLong('description')]}>
            <Input.TextArea rows={2} data-testid="project-form-description" />
          </Form.Item>
        </Col>
      </Row>
      <Divider titlePlacement="start">{t('projects.form.design')}</Divider>
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <Form.Item name="blindMethod" label={t('projects.fields.blindMethod')} rules={[{ required: true, message: t('validation.required') }]}>
            <Radio.Group
              data-testid="project-form-blind"
              options={BLIND_METHODS.map((method) => ({ value: method, label: t(BLIND_METHOD_LABEL_KEYS[method]) }))}
            />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="groupScheme" label={t('projects.fields.groupScheme')} rules={[{ required: true, message: t('validation.required') }]}>
            <Radio.Group
              data-testid="project-form-group"
              options={GROUP_SCHEMES.map((scheme) => ({ value: scheme, label: t(GROUP_SCHEME_LABEL_KEYS[scheme]) }))}
            />
          </Form.Item>
        </Col>
        {(['remoteRandomization', 'shareEventPanel', 'autoCode'] as const).map((name) => (
          <Col xs={12} md={8} key={name}>
            <Form.Item name={name} label={t(`projects.fields.${name}`)} valuePropName="checked">
              <Switch data-testid={`project-form-${name}`} />
            </Form.Item>
          </Col>
        ))}
        <Col xs={24}>
          <Form.Item
            name="application"
            label={t('projects.fields.application')}
            rules={[{ required: true, type: 'array', min: 1, message: t('projects.form.applicationRequired') }]}
          >
            <Checkbox.Group data-testid="project-form-application" options={APPLICATIONS.map((app) => ({ value: app, label: app }))} />
          </Form.Item>
        </Col>
      </Row>
      {/* Only flags whose capability exists are offered (core PROJECT_FLAGS, docs/project-flags.md). */}
      {OFFERED_FLAGS.length > 0 ? (
        <>
          <Divider titlePlacement="start">{t('projects.fields.config')}</Divider>
          <Row gutter={16}>
            {OFFERED_FLAGS.map((flag) => (
              <Col xs={24} sm={12} lg={8} key={flag}>
                <Form.Item name={['config', flag]} valuePropName="checked" label={t(CONFIG_FLAG_LABEL_KEYS[flag])} layout="horizontal">
                  <Switch size="small" data-testid={`project-config-${flag}`} />
                </Form.Item>
              </Col>
            ))}
          </Row>
        </>
      ) : null}
    </Form>
  );
}
