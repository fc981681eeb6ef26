import { Alert, Button, Form } from 'antd';
import type { FormInstance } from 'antd';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Locale, RandScheme, SchemeSaveRequest } from '@dcap/core';
import { isApiError } from '../../api/errors';
import { useInstrumentListQuery } from '../../api/instruments';
import { useSaveScheme } from './api';
import { emptySchemeForm, formFieldOf, formOf, problemsByField, validateSchemeForm } from './schemeForm';
import type { FieldName, FormProblem, SchemeFormValues } from './schemeForm';
import { SchemeFormFields, schemeFieldLabel } from './SchemeFormFields';

const localeOf = (language: string): Locale => (language === 'en-US' ? 'en-US' : 'zh-CN');

/** A wire path of the save call (`settings.scheme.blockSizes.0`) as the parts core's issues carry. */
function pathParts(path: string): (string | number)[] {
  return path.split('.').map((part) => (/^\d+$/.test(part) ? Number(part) : part));
}

interface SchemeDesignFormProps {
  projectId: number;
  /** The scheme being changed; absent for a new one. */
  scheme?: RandScheme;
  editable: boolean;
  onSaved: (scheme: RandScheme) => void;
}

/**
 * The scheme designer's form. Core's `schemeSettingsSchema` checks it before anything is sent, and its
 * messages, in the caller's language, go on the fields they concern and into a list above the save button;
 * a refusal by the server is shown the same way.
 */
export function SchemeDesignForm({ projectId, scheme, editable, onSaved }: SchemeDesignFormProps) {
  const { t, i18n } = useTranslation();
  const locale = localeOf(i18n.language);
  const [form] = Form.useForm<SchemeFormValues>();
  const instruments = useInstrumentListQuery(projectId);
  const save = useSaveScheme();
  const [problems, setProblems] = useState<FormProblem[]>([]);
  const [refusal, setRefusal] = useState<string | null>(null);
  const marked = useRef<FieldName[]>([]);

  const show = (next: FormProblem[]) => {
    const grouped = problemsByField(next);
    // Problem paths reach into nested lists, which the form's typed field names do not spell out.
    const fields: FormInstance = form;
    fields.setFields([...marked.current.map((name) => ({ name, errors: [] as string[] })), ...grouped]);
    marked.current = grouped.map((entry) => entry.name);
    setProblems(next);
  };

  const submit = async () => {
    setRefusal(null);
    try {
      await form.validateFields(['name']);
    } catch {
      return;
    }
    const values = form.getFieldsValue(true) as SchemeFormValues;
    const checked = validateSchemeForm(values, locale, (name) => schemeFieldLabel(name, t));
    show(checked.problems);
    if (!checked.settings) return;
    const body: SchemeSaveRequest = {
      ...(scheme ? { id: scheme.id, version: scheme.version } : {}),
      name: values.name.trim(),
      settings: checked.settings,
    };
    try {
      onSaved(await save.mutateAsync(body));
    } catch (failure) {
      if (!isApiError(failure)) throw failure;
      setRefusal(failure.msg);
      show(failure.errors.filter((item) => item.path.startsWith('settings.')).map((item) => ({ name: formFieldOf(pathParts(item.path).slice(1), values), message: item.message })));
    }
  };

  return (
    <Form<SchemeFormValues>
      form={form}
      layout="vertical"
      disabled={!editable}
      initialValues={(scheme ? formOf(scheme) : null) ?? emptySchemeForm()}
      key={scheme ? `${String(scheme.id)}-${String(scheme.version)}` : 'new'}
      data-testid="scheme-form"
    >
      <SchemeFormFields instruments={instruments.data ?? []} />
      {problems.length > 0 ? (
        <Alert
          type="error"
          showIcon
          title={t('balance.designer.problems', { count: problems.length })}
          description={
            <ul style={{ margin: 0, paddingInlineStart: 20 }}>
              {problems.map((problem) => (
                <li key={`${problem.name.join('.')}-${problem.message}`}>{problem.message}</li>
              ))}
            </ul>
          }
          style={{ margin: '16px 0' }}
          data-testid="scheme-problems"
        />
      ) : null}
      {refusal ? <Alert type="error" showIcon title={refusal} style={{ margin: '16px 0' }} data-testid="scheme-refusal" /> : null}
      {editable ? (
        <Button type="primary" loading={save.isPending} onClick={() => void submit()} data-testid="scheme-save">
          {t('common.save')}
        </Button>
      ) : null}
    </Form>
  );
}
