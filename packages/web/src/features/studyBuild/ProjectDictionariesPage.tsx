import { PlusOutlined } from '@ant-design/icons';
import { Alert, Card, Empty, Flex, Space, Table, Tabs, Tag, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import { useState } from 'react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { DictEntry } from '@dcap/core';
import { useDeleteProjectDictMutation, useProjectDictOptionsQuery } from '../../api/projectDicts';
import { useProjectContext } from '../../app/projectContext';
import { currentLocale } from '../../i18n';
import { useConfirm } from '../../lib/confirm';
import { DictFormModal } from '../library/DictFormModal';
import { DesignButton, DesignLockNotice } from './DesignButton';
import { useDesignEditability } from './editability';

type Editor = { mode: 'closed' } | { mode: 'create' } | { mode: 'edit'; dict: DictEntry } | { mode: 'copy'; dict: DictEntry };

/**
 * `/dCapVue/design/dicts`: the project's own dictionaries, which coded variables of its panels may name
 * (spec 001 §3.8, options.dictType), beside the platform's, shown read-only and copied into a project dictionary under a new key. Changing them is a design
 * write: the design right, an editable project status and the development environment.
 */
export function ProjectDictionariesPage() {
  const { t } = useTranslation();
  const { project } = useProjectContext();
  if (!project) return <Empty description={t('projects.detail.noProject')} />;
  return (
    <Card title={t('design.dicts.title', { code: project.code })}>
      <ProjectDictionaries projectId={project.id} />
    </Card>
  );
}

/** The columns both lists share; `actions` is added for the project's own. */
function useDictColumns(actions: ((dict: DictEntry) => ReactNode) | null): TableColumnsType<DictEntry> {
  const { t, i18n } = useTranslation();
  const english = currentLocale(i18n) === 'en-US';
  const columns: TableColumnsType<DictEntry> = [
    { key: 'key', title: t('library.dicts.key'), width: 160, render: (_v, dict) => <Typography.Text code>{dict.key}</Typography.Text> },
    { key: 'value', dataIndex: 'value', title: t('library.dicts.value'), width: 160 },
    { key: 'valueEn', title: t('library.dicts.valueEn'), width: 160, render: (_v, dict) => dict.valueEn || '-' },
    {
      key: 'items',
      title: t('library.dicts.items'),
      render: (_v, dict) => (
        <Flex wrap gap={4}>
          {dict.items.map((item) => (
            <Tag key={item.value}>{`${item.value} ${english ? (item.labelEn ?? item.label) : item.label}`}</Tag>
          ))}
        </Flex>
      ),
    },
  ];
  if (actions) columns.push({ key: 'actions', title: t('common.actions'), width: 140, render: (_v, dict) => actions(dict) });
  return columns;
}

function ProjectDictionaries({ projectId }: { projectId: number }) {
  const { t } = useTranslation();
  const lock = useDesignEditability();
  const confirm = useConfirm();
  const options = useProjectDictOptionsQuery(projectId);
  const remove = useDeleteProjectDictMutation();
  const [editor, setEditor] = useState<Editor>({ mode: 'closed' });
  const own = options.data?.project ?? [];
  const platform = options.data?.platform ?? [];

  const removeDict = (dict: DictEntry) =>
    confirm({
      title: t('design.dicts.confirm.deleteTitle', { key: dict.key }),
      content: t('design.dicts.confirm.deleteContent'),
      okText: t('common.delete'),
      danger: true,
      onOk: () => remove.mutateAsync({ projectId, key: dict.key }),
    });

  const ownColumns = useDictColumns((dict) => (
    <Space size={0}>
      <DesignButton lock={lock} type="link" size="small" onClick={() => setEditor({ mode: 'edit', dict })} data-testid={`project-dict-edit-${dict.key}`}>
        {t('common.edit')}
      </DesignButton>
      <DesignButton lock={lock} type="link" size="small" danger onClick={() => removeDict(dict)} data-testid={`project-dict-delete-${dict.key}`}>
        {t('common.delete')}
      </DesignButton>
    </Space>
  ));
  // The global project dictionary (spec 000 §2.2 /sys/projectDataManage/globalProjectDict): a platform
  // dictionary is copied into a project one under a new key, which the project may then change.
  const platformColumns = useDictColumns((dict) => (
    <DesignButton lock={lock} type="link" size="small" onClick={() => setEditor({ mode: 'copy', dict })} data-testid={`platform-dict-copy-${dict.key}`}>
      {t('design.dicts.copy')}
    </DesignButton>
  ));

  return (
    <Flex vertical gap={12}>
      <DesignLockNotice lock={lock} />
      {options.isError ? <Alert type="error" showIcon title={t('common.loadFailed')} /> : null}
      <Tabs
        items={[
          {
            key: 'project',
            label: <span data-testid="project-dicts-tab">{t('design.dicts.projectTab', { count: own.length })}</span>,
            children: (
              <Flex vertical gap={12}>
                <Flex justify="space-between" align="center" wrap gap={8}>
                  <Typography.Text type="secondary">{t('design.dicts.projectHint')}</Typography.Text>
                  <DesignButton lock={lock} type="primary" icon={<PlusOutlined />} onClick={() => setEditor({ mode: 'create' })} data-testid="project-dict-create">
                    {t('design.dicts.create')}
                  </DesignButton>
                </Flex>
                <Table<DictEntry>
                  rowKey="key"
                  loading={options.isLoading}
                  columns={ownColumns}
                  dataSource={own}
                  locale={{ emptyText: t('design.dicts.empty') }}
                  pagination={{ pageSize: 20, hideOnSinglePage: true }}
                  data-testid="project-dict-table"
                />
              </Flex>
            ),
          },
          {
            key: 'platform',
            label: <span data-testid="platform-dicts-tab">{t('design.dicts.platformTab', { count: platform.length })}</span>,
            children: (
              <Flex vertical gap={12}>
                <Typography.Text type="secondary">{t('design.dicts.platformHint')}</Typography.Text>
                <Table<DictEntry>
                  rowKey="key"
                  loading={options.isLoading}
                  columns={platformColumns}
                  dataSource={platform}
                  pagination={{ pageSize: 20, hideOnSinglePage: true }}
                  data-testid="platform-dict-table"
                />
              </Flex>
            ),
          },
        ]}
      />
      <DictFormModal
        open={editor.mode !== 'closed'}
        target={{
          scope: 'project',
          projectId,
          dict: editor.mode === 'edit' ? editor.dict : null,
          copyOf: editor.mode === 'copy' ? editor.dict : null,
          takenKeys: { project: own.map((dict) => dict.key), platform: platform.map((dict) => dict.key) },
        }}
        onClose={() => setEditor({ mode: 'closed' })}
      />
    </Flex>
  );
}
