import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Flex, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';

/** One option as the form edits it; `key` is set to the code on save (spec 001 §3.3 options: key, value, label). */
export interface DictItemValues {
  value: string;
  label: string;
  labelEn?: string;
}

/** Blank rows dropped, the rest trimmed; key mirrors the code so an item drops into options.options as is. */
export function toDictItems(rows: DictItemValues[] | undefined): { key: string; value: string; label: string; labelEn?: string }[] {
  return (rows ?? [])
    .filter((row) => row.value.trim() !== '' || row.label.trim() !== '')
    .map((row) => {
      const labelEn = row.labelEn?.trim();
      return { key: row.value.trim(), value: row.value.trim(), label: row.label.trim(), ...(labelEn ? { labelEn } : {}) };
    });
}

/** What the dictionary form holds, for platform and project dictionaries alike. */
export interface DictFormValues {
  key: string;
  value: string;
  valueEn?: string;
  items: DictItemValues[];
}

/** The body both dictionary save calls take: trimmed names, the English name only when given. */
export function toDictBody(values: DictFormValues) {
  const valueEn = values.valueEn?.trim();
  return { key: values.key.trim(), value: values.value.trim(), ...(valueEn ? { valueEn } : {}), items: toDictItems(values.items) };
}

/**
 * The option rows of a dictionary or a derived field's result: code, label and English label, with add
 * and remove (spec 001 §2.2: Coding and Label inputs, a delete button per option, an add-option button).
 */
export function DictItemsField({ name, label, testId }: { name: string; label: string; testId: string }) {
  const { t } = useTranslation();
  // Core refuses an empty list and a repeated code (dictItemsSchema); the form says so before sending.
  const checkRows = (_rule: unknown, rows: DictItemValues[] | undefined): Promise<void> => {
    const items = toDictItems(rows);
    if (items.length === 0) return Promise.reject(new Error(t('library.dicts.itemsRequired')));
    const seen = new Set<string>();
    for (const item of items) {
      if (seen.has(item.value)) return Promise.reject(new Error(t('library.dicts.duplicateCode', { code: item.value })));
      seen.add(item.value);
    }
    return Promise.resolve();
  };
  const required = { required: true, whitespace: true, message: t('validation.required') };
  return (
    <Form.Item label={label} required>
      <Form.List name={name} rules={[{ validator: checkRows }]}>
        {(rows, { add, remove }, { errors }) => (
          <Flex vertical gap={4} data-testid={testId}>
            {rows.map((row, index) => (
              <Flex key={row.key} gap={8} align="start">
                <Form.Item name={[row.name, 'value']} rules={[required, { max: 64, message: t('validation.tooLong') }]} style={{ marginBottom: 0, width: 120 }}>
                  <Input placeholder={t('library.dicts.itemValue')} data-testid={`${testId}-value-${String(index)}`} />
                </Form.Item>
                <Form.Item name={[row.name, 'label']} rules={[required, { max: 512, message: t('validation.tooLong') }]} style={{ marginBottom: 0, flex: 1 }}>
                  <Input placeholder={t('library.dicts.itemLabel')} data-testid={`${testId}-label-${String(index)}`} />
                </Form.Item>
                <Form.Item name={[row.name, 'labelEn']} rules={[{ max: 512, message: t('validation.tooLong') }]} style={{ marginBottom: 0, flex: 1 }}>
                  <Input placeholder={t('library.dicts.itemLabelEn')} data-testid={`${testId}-labelEn-${String(index)}`} />
                </Form.Item>
                <Button aria-label={t('library.dicts.removeItem')} icon={<DeleteOutlined />} onClick={() => remove(row.name)} data-testid={`${testId}-remove-${String(index)}`} />
              </Flex>
            ))}
            <Button type="dashed" icon={<PlusOutlined />} onClick={() => add({ value: '', label: '', labelEn: '' })} data-testid={`${testId}-add`}>
              {t('library.dicts.addItem')}
            </Button>
            <Form.ErrorList errors={errors} />
          </Flex>
        )}
      </Form.List>
    </Form.Item>
  );
}
