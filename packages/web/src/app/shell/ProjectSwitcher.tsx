import { SwapOutlined } from '@ant-design/icons';
import { Button, Modal, Table, Tag, Tooltip } from 'antd';
import type { TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useStoreProjectMutation } from '../../api/session';
import { currentLocale } from '../../i18n';
import { localName } from '../../lib/displayName';
import { truncateCode } from '../../lib/projectCode';
import { useConfirm } from '../../lib/confirm';
import { PROJECT_STATUS_COLORS, PROJECT_STATUS_LABEL_KEYS } from '../../lib/projectLabels';
import { DASHBOARD_PATH } from '../guard';
import type { SwitcherProject } from '../projectContext';

interface ProjectSwitcherProps {
  projects: readonly SwitcherProject[];
  current: { id: number; code: string; name: string; eName: string | null } | null;
}

/** The header's project code and the project switch table (spec 000 §2.1, §2.6: width 1000, scroll 950 × 400). */
export function ProjectSwitcher({ projects, current }: ProjectSwitcherProps) {
  const { t, i18n } = useTranslation();
  const locale = currentLocale(i18n);
  const [open, setOpen] = useState(false);
  const store = useStoreProjectMutation();
  const confirm = useConfirm();
  const navigate = useNavigate();

  const nameOf = (project: { name: string; eName: string | null }) => localName(project, locale);

  const switchTo = (project: SwitcherProject) => {
    confirm({
      title: t('shell.project.confirmTitle'),
      content: t('shell.project.confirmContent', { code: project.code, name: nameOf(project) }),
      onOk: async () => {
        await store.mutateAsync(project.id);
        setOpen(false);
        await navigate(DASHBOARD_PATH);
      },
    });
  };

  const columns: TableColumnsType<SwitcherProject> = [
    { key: 'code', dataIndex: 'code', title: t('projects.fields.code'), width: 200 },
    { key: 'name', title: t('projects.fields.name'), render: (_value, project) => nameOf(project) },
    {
      key: 'status',
      title: t('projects.fields.status'),
      width: 180,
      render: (_value, project) => <Tag color={PROJECT_STATUS_COLORS[project.status]}>{t(PROJECT_STATUS_LABEL_KEYS[project.status])}</Tag>,
    },
    {
      key: 'action',
      title: t('common.actions'),
      width: 140,
      render: (_value, project) =>
        project.id === current?.id ? (
          <Tag color="blue">{t('shell.current')}</Tag>
        ) : (
          <Button size="small" type="primary" ghost onClick={() => switchTo(project)} data-testid={`project-switch-to-${project.code}`}>
            {t('shell.switch')}
          </Button>
        ),
    },
  ];

  return (
    <>
      <Tooltip title={current ? current.code : undefined}>
        <Button
          type="text"
          size="small"
          icon={<SwapOutlined />}
          onClick={() => setOpen(true)}
          data-testid="project-switch"
          className="dcap-projectbar__project"
        >
          {current ? (
            <>
              <strong data-testid="project-code">{truncateCode(current.code)}</strong>
              <span className="dcap-projectbar__name">{nameOf(current)}</span>
            </>
          ) : (
            t('shell.project.choose')
          )}
        </Button>
      </Tooltip>
      <Modal
        open={open}
        title={t('shell.project.title')}
        width={1000}
        footer={null}
        onCancel={() => setOpen(false)}
        destroyOnHidden
      >
        <Table<SwitcherProject>
          rowKey="id"
          size="small"
          columns={columns}
          dataSource={[...projects]}
          pagination={false}
          scroll={{ x: 950, y: 400 }}
          locale={{ emptyText: t('shell.project.none') }}
          data-testid="project-switch-table"
        />
      </Modal>
    </>
  );
}
