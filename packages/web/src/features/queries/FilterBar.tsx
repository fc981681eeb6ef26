import { Button, Form, Space } from 'antd';
import type { FormInstance } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

interface FilterBarProps<T> {
  form: FormInstance<T>;
  /** Called with the form's values on search, and with no filters at all on reset. */
  onApply: (values: Partial<T>) => void;
  /** Names the bar and its search button in tests: `<testId>-filters`, `<testId>-search`. */
  testId: string;
  /** The filter fields (`Form.Item`s), shown in a row before the buttons. */
  children: ReactNode;
}

/**
 * The filter row of the query management and alteration log pages: the fields in one wrapping line, then
 * search and reset. Reset clears the fields and applies the empty filter at once, so the list follows.
 */
export function FilterBar<T>({ form, onApply, testId, children }: FilterBarProps<T>) {
  const { t } = useTranslation();
  return (
    <Form form={form} layout="inline" onFinish={onApply} style={{ rowGap: 8 }} data-testid={`${testId}-filters`}>
      {children}
      <Space>
        <Button type="primary" htmlType="submit" data-testid={`${testId}-search`}>
          {t('queries.management.search')}
        </Button>
        <Button
          onClick={() => {
            form.resetFields();
            onApply({});
          }}
        >
          {t('queries.management.reset')}
        </Button>
      </Space>
    </Form>
  );
}
