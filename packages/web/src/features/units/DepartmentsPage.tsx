import { PlusOutlined } from '@ant-design/icons';
import { Button, Card, Empty, Form, Input, Modal, Select, Table } from 'antd';
import type { TableColumnsType } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { createDepartmentSchema, DATE_TIME_FORMAT } from '@dcap/core';
import type { Department } from '@dcap/core';
import { useCreateDepartmentMutation, useDepartmentListQuery, useUnitListQuery, useUpdateDepartmentMutation } from '../../api/units';
import { useAppInit } from '../../app/initContext';
import { blankToNull, schemaRule } from '../../lib/formRules';
import { showServerErrors } from '../../lib/serverErrors';

interface DepartmentValues {
  name: string;
  eName?: string | null;
}

type Editor = { mode: 'closed' } | { mode: 'create' } | { mode: 'edit'; department: Department };

function DepartmentModal({ unitId, editor, onClose }: { unitId: number; editor: Editor; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<DepartmentValues>();
  const create = useCreateDepartmentMutation();
  const update = useUpdateDepartmentMutation();
  const department = editor.mode === 'edit' ? editor.department : null;

  const onFinish = async (values: DepartmentValues) => {
    const body = { name: values.name.trim(), eName: blankToNull(values.eName) };
    try {
      if (department) await update.mutateAsync({ id: department.id, ...body });
      else await create.mutateAsync({ unitId, ...body });
      onClose();
    } catch (error) {
      showServerErrors(form, error, ['name', 'eName'], { 'department.name_taken': 'name' });
    }
  };

  return (
    <Modal
      open={editor.mode !== 'closed'}
      title={department ? t('departments.form.editTitle') : t('departments.form.createTitle')}
      destroyOnHidden
      onCancel={onClose}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      okButtonProps={{ loading: create.isPending || update.isPending }}
      onOk={() => form.submit()}
    >
      <Form<DepartmentValues> form={form} preserve={false} layout="vertical" initialValues={department ?? {}} onFinish={(values) => void onFinish(values)}>
        <Form.Item
          name="name"
          label={t('departments.fields.name')}
          rules={[{ required: true, whitespace: true, message: t('validation.required') }, schemaRule(createDepartmentSchema.shape.name, t('validation.tooLong'))]}
        >
          <Input data-testid="department-form-name" />
        </Form.Item>
        <Form.Item name="eName" label={t('departments.fields.eName')} rules={[schemaRule(createDepartmentSchema.shape.eName, t('validation.tooLong'))]}>
          <Input data-testid="department-form-ename" />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** Departments of each hospital (spec 000 §2.2 `/sys/unit/division`); read by all, edited with unit.manage. */
export function DepartmentsPage() {
  const { t } = useTranslation();
  const manage = useAppInit().abilities.manageUnits;
  const units = useUnitListQuery();
  const [unitId, setUnitId] = useState<number | null>(null);
  const [editor, setEditor] = useState<Editor>({ mode: 'closed' });
  const selected = unitId ?? units.data?.[0]?.id ?? null;
  const departments = useDepartmentListQuery(selected);

  const columns: TableColumnsType<Department> = [
    { key: 'name', dataIndex: 'name', title: t('departments.fields.name') },
    { key: 'eName', dataIndex: 'eName', title: t('departments.fields.eName'), render: (value: string | null) => value ?? '-' },
    { key: 'createdAt', title: t('departments.fields.createdAt'), render: (_v, row) => dayjs(row.createdAt).format(DATE_TIME_FORMAT) },
    {
      key: 'actions',
      title: t('common.actions'),
      render: (_v, department) => (
        <Button type="link" size="small" onClick={() => setEditor({ mode: 'edit', department })} data-testid={`department-edit-${department.id}`}>
          {t('common.edit')}
        </Button>
      ),
    },
  ];
  const shown = manage ? columns : columns.filter((column) => column.key !== 'actions');

  return (
    <Card
      title={t('departments.title')}
      extra={
        manage ? (
          <Button type="primary" icon={<PlusOutlined />} disabled={selected === null} onClick={() => setEditor({ mode: 'create' })} data-testid="department-create">
            {t('departments.actions.create')}
          </Button>
        ) : null
      }
    >
      <Select<number>
        showSearch={{ optionFilterProp: 'label' }}
        value={selected ?? undefined}
        onChange={setUnitId}
        placeholder={t('departments.chooseUnit')}
        style={{ width: 360, marginBottom: 16 }}
        loading={units.isLoading}
        options={(units.data ?? []).map((unit) => ({ value: unit.id, label: `${unit.code} · ${unit.name}` }))}
        data-testid="department-unit"
      />
      {selected === null ? (
        <Empty description={t('departments.noUnits')} />
      ) : (
        <Table<Department> rowKey="id" loading={departments.isLoading} columns={shown} dataSource={departments.data ?? []} pagination={false} data-testid="department-table" />
      )}
      {selected === null ? null : <DepartmentModal unitId={selected} editor={editor} onClose={() => setEditor({ mode: 'closed' })} />}
    </Card>
  );
}
