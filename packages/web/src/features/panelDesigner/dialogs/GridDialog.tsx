import { Form, InputNumber } from 'antd';
import { useTranslation } from 'react-i18next';
import { createGrids, GRID_COLUMNS_MAX, GRID_COLUMNS_MIN, GRID_DIALOG_COLUMNS_DEFAULT, GRID_DIALOG_ROWS_DEFAULT, GRID_ROWS_MAX, GRID_ROWS_MIN } from '@dcap/core';
import type { Widget } from '@dcap/core';
import { FormModal } from '../../../components/FormModal';

interface GridValues {
  rows: number;
  columns: number;
}

/** Spec 001 §2.1 and §9 add-grid dialog: 1 to 30 rows of 1 to 10 columns, 2 by 3 by default. */
export function GridDialog({ open, usedKeys, onClose, onInsert }: { open: boolean; usedKeys: () => Set<string>; onClose: () => void; onInsert: (widgets: Widget[]) => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<GridValues>();
  const finish = ({ rows, columns }: GridValues) => {
    onInsert(createGrids(rows, columns, usedKeys()));
    onClose();
  };
  return (
    <FormModal open={open} title={t('designer.dialogs.grid.title')} onClose={onClose} onSubmit={() => form.submit()} submitting={false} submitLabel={t('common.confirm')} submitTestId="grid-dialog-submit" width={420}>
      <Form form={form} layout="vertical" onFinish={finish} initialValues={{ rows: GRID_DIALOG_ROWS_DEFAULT, columns: GRID_DIALOG_COLUMNS_DEFAULT }} preserve={false}>
        <Form.Item name="rows" label={t('designer.dialogs.grid.rows')} rules={[{ required: true }]}>
          <InputNumber min={GRID_ROWS_MIN} max={GRID_ROWS_MAX} precision={0} data-testid="grid-dialog-rows" />
        </Form.Item>
        <Form.Item name="columns" label={t('designer.dialogs.grid.columns')} rules={[{ required: true }]}>
          <InputNumber min={GRID_COLUMNS_MIN} max={GRID_COLUMNS_MAX} precision={0} data-testid="grid-dialog-columns" />
        </Form.Item>
      </Form>
    </FormModal>
  );
}
