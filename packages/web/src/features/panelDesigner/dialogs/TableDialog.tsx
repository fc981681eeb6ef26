import { Form, Input, InputNumber } from 'antd';
import { useTranslation } from 'react-i18next';
import { createTable, TABLE_COLUMNS_DEFAULT, TABLE_COLUMNS_MAX, TABLE_COLUMNS_MIN, TABLE_ROWS_DEFAULT, TABLE_ROWS_MAX, TABLE_ROWS_MIN } from '@dcap/core';
import type { Widget } from '@dcap/core';
import { FormModal } from '../../../components/FormModal';

interface TableValues {
  rows: number;
  columns: number;
  names?: string;
}

/** Spec 001 §2.1 and §9 add-table dialog: 1 to 30 rows and columns (1 by 2 by default) and column names. */
export function TableDialog({ open, usedKeys, onClose, onInsert }: { open: boolean; usedKeys: () => Set<string>; onClose: () => void; onInsert: (widgets: Widget[]) => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<TableValues>();
  const finish = ({ rows, columns, names }: TableValues) => {
    const columnNames = (names ?? '').split('\n').map((name) => name.trim());
    onInsert([createTable(rows, columns, usedKeys(), columnNames)]);
    onClose();
  };
  return (
    <FormModal open={open} title={t('designer.dialogs.table.title')} onClose={onClose} onSubmit={() => form.submit()} submitting={false} submitLabel={t('common.confirm')} submitTestId="table-dialog-submit" width={480}>
      <Form form={form} layout="vertical" onFinish={finish} initialValues={{ rows: TABLE_ROWS_DEFAULT, columns: TABLE_COLUMNS_DEFAULT }} preserve={false}>
        <Form.Item name="rows" label={t('designer.dialogs.table.rows')} rules={[{ required: true }]}>
          <InputNumber min={TABLE_ROWS_MIN} max={TABLE_ROWS_MAX} precision={0} data-testid="table-dialog-rows" />
        </Form.Item>
        <Form.Item name="columns" label={t('designer.dialogs.table.columns')} rules={[{ required: true }]}>
          <InputNumber min={TABLE_COLUMNS_MIN} max={TABLE_COLUMNS_MAX} precision={0} data-testid="table-dialog-columns" />
        </Form.Item>
        <Form.Item name="names" label={t('designer.dialogs.table.names')} extra={t('designer.dialogs.table.namesHint')}>
          <Input.TextArea rows={4} data-testid="table-dialog-names" />
        </Form.Item>
      </Form>
    </FormModal>
  );
}
