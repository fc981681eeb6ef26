import { Alert, Form, Input, InputNumber } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  createMatrix,
  createOption,
  MATRIX_DIALOG_CLOSE_MS,
  MATRIX_RATING_DEFAULT,
  MATRIX_RATING_MAX,
  MATRIX_RATING_MIN,
  MATRIX_ROWS_MAX,
  MATRIX_SLIDER_MAX,
  MATRIX_SLIDER_MIN,
  SLIDER_MAX_DEFAULT,
} from '@dcap/core';
import type { MatrixKind, OptionItem, Widget } from '@dcap/core';
import { FormModal } from '../../../components/FormModal';

interface MatrixValues {
  items: string;
  options?: string;
  sliderMax?: number;
  rateCount?: number;
}

function optionsFrom(lines: string[]): OptionItem[] {
  const options: OptionItem[] = [];
  for (const line of lines) options.push({ ...createOption(options), label: line, labelEn: line });
  return options;
}

/**
 * Spec 001 §2.1 and §9 add-matrix dialog: 1 to 30 rows (items), shared options for a choice matrix, a
 * maximum for a slider matrix (1 to 200) or a star count for a rating matrix (1 to 20). It closes 2 s after
 * generating (§4.1).
 */
export function MatrixDialog({ kind, usedKeys, onClose, onInsert }: { kind: MatrixKind | null; usedKeys: () => Set<string>; onClose: () => void; onInsert: (widgets: Widget[]) => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<MatrixValues>();
  const [generated, setGenerated] = useState<number | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );
  const close = () => {
    if (timer.current) clearTimeout(timer.current);
    setGenerated(null);
    onClose();
  };
  const finish = (values: MatrixValues) => {
    if (!kind) return;
    const items = values.items.split('\n').map((line) => line.trim()).filter((line) => line !== '');
    const optionLines = (values.options ?? '').split('\n').map((line) => line.trim()).filter((line) => line !== '');
    const matrix = createMatrix(kind, items, usedKeys(), {
      ...(optionLines.length > 0 ? { options: optionsFrom(optionLines) } : {}),
      ...(values.sliderMax === undefined ? {} : { sliderMax: values.sliderMax }),
      ...(values.rateCount === undefined ? {} : { rateCount: values.rateCount }),
    });
    onInsert([matrix]);
    setGenerated(items.length);
    timer.current = setTimeout(close, MATRIX_DIALOG_CLOSE_MS);
  };
  const itemsRule = {
    validator: (_rule: unknown, value: string | undefined) => {
      const count = (value ?? '').split('\n').filter((line) => line.trim() !== '').length;
      return count >= 1 && count <= MATRIX_ROWS_MAX ? Promise.resolve() : Promise.reject(new Error(t('designer.dialogs.matrix.itemsHint')));
    },
  };
  return (
    <FormModal
      open={kind !== null}
      title={kind ? t(`designer.dialogs.matrix.kinds.${kind}`) : t('designer.dialogs.matrix.title')}
      onClose={close}
      onSubmit={() => form.submit()}
      submitting={generated !== null}
      submitLabel={t('designer.dialogs.matrix.generate')}
      submitTestId="matrix-dialog-submit"
      width={520}
    >
      {generated !== null ? <Alert type="success" showIcon title={t('designer.dialogs.matrix.generated', { count: generated })} /> : null}
      <Form form={form} layout="vertical" onFinish={finish} initialValues={{ sliderMax: SLIDER_MAX_DEFAULT, rateCount: MATRIX_RATING_DEFAULT }} preserve={false}>
        <Form.Item name="items" label={t('designer.dialogs.matrix.items')} extra={t('designer.dialogs.matrix.itemsHint')} rules={[{ required: true }, itemsRule]}>
          <Input.TextArea rows={5} data-testid="matrix-dialog-items" />
        </Form.Item>
        {kind === 'radio' || kind === 'checkbox' ? (
          <Form.Item name="options" label={t('designer.dialogs.matrix.options')} extra={t('designer.dialogs.matrix.optionsHint')}>
            <Input.TextArea rows={4} data-testid="matrix-dialog-options" />
          </Form.Item>
        ) : null}
        {kind === 'slider' ? (
          <Form.Item name="sliderMax" label={t('designer.dialogs.matrix.max')} rules={[{ required: true }]}>
            <InputNumber min={MATRIX_SLIDER_MIN} max={MATRIX_SLIDER_MAX} precision={0} />
          </Form.Item>
        ) : null}
        {kind === 'rate' ? (
          <Form.Item name="rateCount" label={t('designer.dialogs.matrix.count')} rules={[{ required: true }]}>
            <InputNumber min={MATRIX_RATING_MIN} max={MATRIX_RATING_MAX} precision={0} />
          </Form.Item>
        ) : null}
      </Form>
    </FormModal>
  );
}
