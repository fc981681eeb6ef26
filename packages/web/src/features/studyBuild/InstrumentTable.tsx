import {
  CopyOutlined,
  DownloadOutlined,
  EyeOutlined,
  FormOutlined,
  PlusOutlined,
  AppstoreAddOutlined,
  UploadOutlined,
  ImportOutlined,
} from '@ant-design/icons';
import { Button, Flex, Space, Tag, Tooltip, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { DATE_TIME_FORMAT } from '@dcap/core';
import type { Instrument } from '@dcap/core';
import {
  useCopyInstrumentMutation,
  useDeleteInstrumentMutation,
  useDownloadInstrumentsMutation,
  useInstrumentListQuery,
  useSortInstrumentsMutation,
} from '../../api/instruments';
import { designRoleDecision } from '../../app/designRole';
import { useAppInit } from '../../app/initContext';
import { currentLocale } from '../../i18n';
import { settle, useConfirm } from '../../lib/confirm';
import { BlankCrfButton } from '../crfPdf/CrfPdfButtons';
import { OrderControls } from './OrderControls';
import { SortableTable } from './SortableRows';
import { DesignButton, DesignLockNotice } from './DesignButton';
import { useDesignEditability } from './editability';
import { InstrumentFormModal } from './InstrumentFormModal';
import { INSTRUMENT_KIND_LABEL_KEYS, localName, moveId } from './labels';
import { InstrumentPreviewModal } from './InstrumentPreviewModal';
import { saveJson } from './saveJson';
import { TemplatePickerModal } from './TemplatePickerModal';
import { UploadInstrumentsModal } from './UploadInstrumentsModal';
import { RedcapImportModal } from '../designImport/RedcapImportModal';
import { OdmImportModal } from '../odm/OdmImportModal';

type Dialog =
  | { kind: 'closed' }
  | { kind: 'create' }
  | { kind: 'edit'; instrument: Instrument }
  | { kind: 'template' }
  | { kind: 'upload' }
  | { kind: 'redcap' }
  | { kind: 'odm' }
  | { kind: 'preview'; instrument: Instrument };

/** The designer route of an instrument: derived-variable panels have their own designer (spec 001 §2.2). */
export function designerPath(instrument: Pick<Instrument, 'id' | 'kind'>): string {
  return instrument.kind === 'derived' ? `/dCapVue/design/derived/${String(instrument.id)}` : `/dCapVue/design/panel/${String(instrument.id)}`;
}

export function InstrumentTable({ projectId, projectCode }: { projectId: number; projectCode: string }) {
  const { t, i18n } = useTranslation();
  const english = currentLocale(i18n) === 'en-US';
  const navigate = useNavigate();
  const confirm = useConfirm();
  const lock = useDesignEditability();
  const init = useAppInit();
  const list = useInstrumentListQuery(projectId);
  const sort = useSortInstrumentsMutation();
  const copy = useCopyInstrumentMutation();
  const remove = useDeleteInstrumentMutation();
  const download = useDownloadInstrumentsMutation();
  const [dialog, setDialog] = useState<Dialog>({ kind: 'closed' });
  const previewed = dialog.kind === 'preview' ? dialog.instrument : null;
  const instruments = list.data ?? [];
  const close = () => setDialog({ kind: 'closed' });

  const move = (index: number, delta: -1 | 1) =>
    void settle(() => sort.mutateAsync({ projectId, ids: moveId(instruments.map((item) => item.id), index, delta) }));

  const removeInstrument = (instrument: Instrument) =>
    confirm({
      title: t('design.instruments.confirm.deleteTitle', { abbr: instrument.nameAbbr }),
      content: t('design.instruments.confirm.deleteContent'),
      okText: t('common.delete'),
      danger: true,
      onOk: () => remove.mutateAsync({ projectId, id: instrument.id }),
    });

  const downloadOne = (instrument?: Instrument) =>
    void settle(async () => saveJson(await download.mutateAsync({ projectId, projectCode, ...(instrument ? { instrument } : {}) })));

  // A missing right keeps the designer closed unless another role of the user has it: the designer then
  // switches to that role first (spec 000 §6). Status and environment locks are the designer's to show.
  const mayOpenDesigner = lock.editable || (lock.reason !== 'noRight' && lock.reason !== 'noProject') || designRoleDecision(init).kind === 'switch';

  const columns: TableColumnsType<Instrument> = [
    {
      key: 'order',
      title: t('design.common.order'),
      width: 120,
      render: (_v, instrument, index) => (
        <OrderControls lock={lock} index={index} count={instruments.length} busy={sort.isPending} onMove={move} testId={{ prefix: 'instrument', id: instrument.nameAbbr }} />
      ),
    },
    {
      key: 'name',
      title: t('design.instruments.fields.name'),
      width: 220,
      // One line per language, cut with the whole name in a tooltip, so long names never break mid-word.
      render: (_v, instrument) => (
        <Flex vertical style={{ minWidth: 0 }}>
          <Typography.Text ellipsis={{ tooltip: instrument.name }}>{instrument.name}</Typography.Text>
          {instrument.nameEn ? (
            <Typography.Text type="secondary" ellipsis={{ tooltip: instrument.nameEn }}>
              {instrument.nameEn}
            </Typography.Text>
          ) : null}
        </Flex>
      ),
    },
    { key: 'abbr', title: t('design.instruments.fields.nameAbbr'), width: 120, render: (_v, instrument) => <Typography.Text code>{instrument.nameAbbr}</Typography.Text> },
    { key: 'kind', title: t('design.instruments.fields.kind'), width: 110, render: (_v, instrument) => <Tag>{t(INSTRUMENT_KIND_LABEL_KEYS[instrument.kind])}</Tag> },
    { key: 'fields', dataIndex: 'fieldCount', title: t('design.instruments.fields.fieldCount'), width: 90 },
    {
      key: 'changed',
      title: t('design.instruments.fields.publishState'),
      width: 120,
      render: (_v, instrument) =>
        instrument.changedSincePublish ? (
          <Tag color="warning">{t('design.instruments.changed')}</Tag>
        ) : (
          <Tag color="success">{t('design.instruments.published')}</Tag>
        ),
    },
    {
      key: 'updated',
      title: t('design.instruments.fields.updated'),
      width: 170,
      render: (_v, instrument) => (
        <Flex vertical>
          <span>{dayjs(instrument.updatedAt).format(DATE_TIME_FORMAT)}</span>
          <Typography.Text type="secondary">{instrument.updatedBy ?? '-'}</Typography.Text>
        </Flex>
      ),
    },
    {
      key: 'actions',
      title: t('common.actions'),
      width: 300,
      fixed: 'right',
      render: (_v, instrument) => {
        const designButton = (
          <Button
            type="link"
            size="small"
            icon={<FormOutlined />}
            disabled={!mayOpenDesigner}
            onClick={() => void navigate(designerPath(instrument))}
            data-testid={`instrument-design-${instrument.nameAbbr}`}
          >
            {t('design.instruments.actions.design')}
          </Button>
        );
        return (
          <Space size={0} wrap>
            {mayOpenDesigner ? (
              designButton
            ) : (
              <Tooltip title={t('design.locked.noRight')}>{designButton}</Tooltip>
            )}
            <Button type="link" size="small" icon={<EyeOutlined />} onClick={() => setDialog({ kind: 'preview', instrument })} data-testid={`instrument-preview-${instrument.nameAbbr}`}>
              {t('design.instruments.actions.preview')}
            </Button>
            <DesignButton lock={lock} type="link" size="small" onClick={() => setDialog({ kind: 'edit', instrument })} data-testid={`instrument-edit-${instrument.nameAbbr}`}>
              {t('common.edit')}
            </DesignButton>
            <DesignButton
              lock={lock}
              type="link"
              size="small"
              icon={<CopyOutlined />}
              onClick={() => void settle(() => copy.mutateAsync({ projectId, id: instrument.id }))}
              data-testid={`instrument-copy-${instrument.nameAbbr}`}
            >
              {t('design.instruments.actions.copy')}
            </DesignButton>
            <Button type="link" size="small" icon={<DownloadOutlined />} onClick={() => downloadOne(instrument)} data-testid={`instrument-download-${instrument.nameAbbr}`}>
              {t('design.instruments.actions.download')}
            </Button>
            {init.projectAbilities['design.edit'] === true ? <BlankCrfButton source="draft" instrumentId={instrument.id} /> : null}
            <DesignButton lock={lock} type="link" size="small" danger onClick={() => removeInstrument(instrument)} data-testid={`instrument-delete-${instrument.nameAbbr}`}>
              {t('common.delete')}
            </DesignButton>
          </Space>
        );
      },
    },
  ];

  return (
    <Flex vertical gap={12}>
      <DesignLockNotice lock={lock} />
      <Flex justify="space-between" wrap gap={8}>
        <Space wrap>
          <DesignButton lock={lock} type="primary" icon={<PlusOutlined />} onClick={() => setDialog({ kind: 'create' })} data-testid="instrument-create">
            {t('design.instruments.actions.create')}
          </DesignButton>
          <DesignButton lock={lock} icon={<AppstoreAddOutlined />} onClick={() => setDialog({ kind: 'template' })} data-testid="instrument-from-template">
            {t('design.instruments.actions.fromTemplate')}
          </DesignButton>
          <DesignButton lock={lock} icon={<UploadOutlined />} onClick={() => setDialog({ kind: 'upload' })} data-testid="instrument-upload">
            {t('design.instruments.actions.upload')}
          </DesignButton>
          <DesignButton lock={lock} icon={<ImportOutlined />} onClick={() => setDialog({ kind: 'redcap' })} data-testid="instrument-import-redcap">
            {t('designImport.redcap.action')}
          </DesignButton>
          <DesignButton lock={lock} icon={<ImportOutlined />} onClick={() => setDialog({ kind: 'odm' })} data-testid="instrument-import-odm">
            {t('odm.import.action')}
          </DesignButton>
        </Space>
        <Button icon={<DownloadOutlined />} disabled={instruments.length === 0} loading={download.isPending} onClick={() => downloadOne()} data-testid="instrument-download-all">
          {t('design.instruments.actions.downloadAll')}
        </Button>
      </Flex>
      <SortableTable<Instrument>
        rows={instruments}
        enabled={lock.editable && !sort.isPending}
        onReorder={(ids) => void settle(() => sort.mutateAsync({ projectId, ids }))}
        loading={list.isLoading}
        columns={columns}
        scroll={{ x: 1250 }}
        data-testid="instrument-table"
      />
      <InstrumentFormModal
        open={dialog.kind === 'create' || dialog.kind === 'edit'}
        projectId={projectId}
        instrument={dialog.kind === 'edit' ? dialog.instrument : null}
        onClose={close}
      />
      <TemplatePickerModal open={dialog.kind === 'template'} projectId={projectId} onClose={close} />
      <UploadInstrumentsModal open={dialog.kind === 'upload'} projectId={projectId} onClose={close} />
      <RedcapImportModal open={dialog.kind === 'redcap'} projectId={projectId} onClose={close} />
      <OdmImportModal open={dialog.kind === 'odm'} projectId={projectId} onClose={close} />
      <InstrumentPreviewModal
        projectId={projectId}
        instrument={previewed}
        title={previewed ? t('design.instruments.previewTitle', { name: localName(previewed, english), abbr: previewed.nameAbbr }) : ''}
        onClose={close}
      />
    </Flex>
  );
}
