import { ArrowLeftOutlined, CopyOutlined, EditOutlined, SaveOutlined } from '@ant-design/icons';
import { Alert, App, Button, Card, Checkbox, Flex, Modal, Result, Segmented, Select, Space, Switch, Tag, Typography } from 'antd';
import { useCallback, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { fieldPathLabel, indexForm, isPanelClosed, pathsNeedingReason, studyToday } from '@dcap/core';
import type { ChangeReason, RecordPanel, Widget } from '@dcap/core';
import { isApiError } from '../../api/errors';
import { PageSpin } from '../../components/PageSpin';
import { currentLocale } from '../../i18n';
import { FormRenderer } from '../renderer';
import { FieldAttachments, SourceDocuments, TableImportButton } from '../attachments';
import { BulkWorkflowActions } from '../workflow/BulkWorkflowActions';
import { workflowRightsOf } from '../workflow/rights';
import { SignButton } from '../workflow/SignDialog';
import { useAppInit } from '../../app/initContext';
import type { DataMode, FormRendererHandle } from '../renderer';
import { widgetLabel } from '../renderer/context';
import { useRecordPanel, useSaveRecord } from './api';
import { CopyDialog } from './CopyDialog';
import { PanelMessagingButtons } from '../epro/PanelMessaging';
import { SurveyLinkList } from '../epro/SurveyLinkList';
import { FieldExtra } from './FieldExtra';
import type { FieldRef } from './fieldRef';
import { ReasonDialog } from './ReasonDialog';
import './records.css';

/** The panel entry route (spec 002 §2 "Form panel"). */
export const panelEntryPath = (subjectId: number, panelInstanceId: number) => `/survey/subject/${String(subjectId)}/panel/${String(panelInstanceId)}`;

const STATUS_COLORS: Record<RecordPanel['status'], string> = {
  EXPIRED: 'default',
  INCOMPLETE: 'orange',
  COMPLETED: 'blue',
  VERIFIED: 'green',
  REVIEWED: 'purple',
  FROZEN: 'cyan',
  SIGNED: 'gold',
  LOCKED: 'default',
  NOT_CHECKED: 'default',
};

/** The pending-step tags of spec 002 §2: fields still waiting for verify, review or sign. */
function pendingSteps(panel: RecordPanel): ('verify' | 'review' | 'sign')[] {
  const states = Object.values(panel.fields).filter((field) => field.inactiveType === null);
  const steps: ('verify' | 'review' | 'sign')[] = [];
  if (states.some((field) => field.status === 'COMPLETED')) steps.push('verify');
  if (states.some((field) => field.status === 'VERIFIED')) steps.push('review');
  if (states.some((field) => field.status === 'REVIEWED')) steps.push('sign');
  return steps;
}

interface StaleInfo {
  message: string;
  changes: { path: string; message: string }[];
}

function PanelEntry({ panel, onReload }: { panel: RecordPanel; onReload: () => void }) {
  const init = useAppInit();
  const { t, i18n } = useTranslation();
  const locale = currentLocale(i18n);
  const { message } = App.useApp();
  const navigate = useNavigate();
  const definition = panel.instrument.panel;
  const index = useMemo(() => indexForm(definition), [definition]);
  const handle = useRef<FormRendererHandle>(null);
  const save = useSaveRecord();

  const [showQueries, setShowQueries] = useState(true);
  const [pure, setPure] = useState(false);
  const [labelPosition, setLabelPosition] = useState<'left' | 'right'>(definition.config.labelPosition === 'left' ? 'left' : 'right');
  const [tableMode, setTableMode] = useState<'table' | 'card'>('table');
  const [cards, setCards] = useState<1 | 2 | 3 | 4>(4);
  const [unchecked, setUnchecked] = useState(panel.unchecked);
  // Spec 002 §2 edit-panel-data: with auto-cover on, a saved panel opens read-only until the button is pressed.
  const covered = panel.flags.panelAutoCover && panel.firstSavedAt !== null;
  const [editing, setEditing] = useState(!covered);
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const [pending, setPending] = useState<{ values: Record<string, unknown>; paths: string[] } | null>(null);
  const [stale, setStale] = useState<StaleInfo | null>(null);
  const [copyOpen, setCopyOpen] = useState(false);

  const editable = panel.rights.editable;
  const readOnly = !editable || !editing || unchecked;
  const eventName = locale === 'en-US' ? (panel.event.nameEn ?? panel.event.name) : panel.event.name;
  const instrumentName = locale === 'en-US' ? (panel.instrument.nameEn ?? panel.instrument.name) : panel.instrument.name;
  const openQueryTotal = Object.values(panel.openQueries).reduce((sum, count) => sum + count, 0);
  const label = useCallback((path: string) => fieldPathLabel(definition, path, panel.values, index)[locale === 'en-US' ? 'labelEn' : 'label'], [definition, panel.values, index, locale]);

  const dataMode = useMemo<DataMode | undefined>(() => {
    if (pure) return undefined;
    const refOf = (path: string, widget: Widget): FieldRef => {
      const state = panel.fields[path];
      return {
        panelInstanceId: panel.panelInstanceId,
        subjectId: panel.subjectId,
        path,
        label: path.includes('#') ? label(path) : widgetLabel(widget, locale),
        status: state?.status ?? '',
        frozen: state?.frozen ?? false,
        inactiveType: state?.inactiveType ?? null,
        openQueries: panel.openQueries[path] ?? 0,
        hasFormula: Boolean(widget.options.expression?.trim()),
        widgetType: widget.type,
        panelVersion: panel.version,
      };
    };
    return {
      fieldExtra: (path, widget) => <FieldExtra field={refOf(path, widget)} showQueries={showQueries} onChanged={onReload} />,
      fieldReadOnly: (path) => {
        const state = panel.fields[path];
        return state !== undefined && (state.frozen || state.status === 'LOCKED' || state.inactiveType !== null);
      },
      serverError: (path) => serverErrors[path],
      // Spec 002 §5 image upload and §2 "upload from spreadsheet" (features/attachments).
      uploadField: (path, _widget, disabled) => <FieldAttachments panelInstanceId={panel.panelInstanceId} path={path} editable={panel.rights.editable && !disabled} saved={panel.firstSavedAt !== null} />,
      tableActions: (table) => <TableImportButton table={table} panelInstanceId={panel.panelInstanceId} />,
    };
  }, [pure, panel, showQueries, serverErrors, onReload, label, locale]);

  const submit = async (values: Record<string, unknown>, reasons: Record<string, ChangeReason>) => {
    try {
      const saved = await save.mutateAsync({ panelInstanceId: panel.panelInstanceId, version: panel.version, values, reasons, unchecked });
      setPending(null);
      void message.success(t('records.saved'));
      if (panel.flags.panelAutoSwitch) {
        const at = saved.visitPanels.findIndex((item) => item.panelInstanceId === saved.panelInstanceId);
        const next = saved.visitPanels[at + 1];
        if (next) {
          void message.info(t('records.autoSwitched'));
          void navigate(panelEntryPath(saved.subjectId, next.panelInstanceId));
        }
      }
    } catch (error) {
      setPending(null);
      if (!isApiError(error)) throw error;
      if (error.errorCode === 'record.stale') {
        setStale({ message: error.msg, changes: error.errors });
        return;
      }
      if (error.errors.length > 0) setServerErrors(Object.fromEntries(error.errors.map((item) => [item.path, item.message])));
      void message.error(error.msg || t('records.refused'));
    }
  };

  const onSave = async () => {
    const values = handle.current?.getValues() ?? {};
    setServerErrors({});
    const paths = pathsNeedingReason(definition, panel.values, (path) => panel.fields[path]?.saved ?? false, values, studyToday(new Date()));
    if (paths.length > 0) setPending({ values, paths });
    else await submit(values, {});
  };

  const steps = panel.status === 'EXPIRED' ? [] : pendingSteps(panel);
  const anyInactive = Object.values(panel.fields).some((field) => field.inactiveType !== null);
  const nextPanel = panel.visitPanels[panel.visitPanels.findIndex((item) => item.panelInstanceId === panel.panelInstanceId) + 1];

  return (
    <Flex vertical gap={12} className="dcap-records-page" data-testid="panel-entry">
      <Card size="small">
        <Flex vertical gap={8}>
          <Flex justify="space-between" align="center" wrap gap={8}>
            <Space wrap>
              <Link to={`/survey/subject/${String(panel.subjectId)}`}>
                <ArrowLeftOutlined /> {t('records.back')}
              </Link>
              <Typography.Title level={4} style={{ margin: 0 }}>
                {t('records.title', { instrument: instrumentName, event: eventName })}
              </Typography.Title>
              <Typography.Text type="secondary">{t('records.subject', { platformNo: panel.subject.platformNo })}</Typography.Text>
            </Space>
            <Space wrap>
              <Tag color={STATUS_COLORS[panel.status]} data-testid="panel-status">
                {t(`records.status.${panel.status}`)}
              </Tag>
              {anyInactive ? <Tag>{t('records.inactive')}</Tag> : null}
              {steps.map((step) => (
                <Tag key={step} color="processing">
                  {t(`records.pending.${step}`)}
                </Tag>
              ))}
              {openQueryTotal > 0 ? (
                <Tag color="volcano" data-testid="open-query-tag">
                  {t('records.openQueries', { count: openQueryTotal })}
                </Tag>
              ) : null}
              {panel.signatures.active > 0 ? <Tag color="gold">{t('records.signatures', { count: panel.signatures.active, signer: panel.signatures.lastSigner ?? '' })}</Tag> : null}
            </Space>
          </Flex>
          <Flex justify="space-between" align="center" wrap gap={8}>
            <Space wrap size="middle">
              <Space size={4}>
                <Switch size="small" checked={showQueries} onChange={setShowQueries} aria-label={t('records.showQueries')} />
                {t('records.showQueries')}
              </Space>
              <Space size={4}>
                <Switch size="small" checked={pure} onChange={setPure} aria-label={t('records.pureMode')} />
                {t('records.pureMode')}
              </Space>
              <Segmented<'left' | 'right'>
                size="small"
                value={labelPosition}
                onChange={setLabelPosition}
                options={[
                  { value: 'left', label: t('records.labelAlign.left') },
                  { value: 'right', label: t('records.labelAlign.right') },
                ]}
              />
              <Segmented<'table' | 'card'>
                size="small"
                value={tableMode}
                onChange={setTableMode}
                options={[
                  { value: 'table', label: t('records.tableMode.table') },
                  { value: 'card', label: t('records.tableMode.card') },
                ]}
              />
              {tableMode === 'card' ? (
                <Select<1 | 2 | 3 | 4>
                  size="small"
                  value={cards}
                  onChange={setCards}
                  aria-label={t('records.tableMode.cards')}
                  options={[1, 2, 3, 4].map((count) => ({ value: count as 1 | 2 | 3 | 4, label: String(count) }))}
                  style={{ width: 64 }}
                />
              ) : null}
            </Space>
            <Space wrap>
              {editable ? <PanelMessagingButtons panelInstanceId={panel.panelInstanceId} subjectId={panel.subjectId} /> : null}
              {editable ? (
                <Button icon={<CopyOutlined />} onClick={() => setCopyOpen(true)} data-testid="copy-from">
                  {t('records.copyFrom')}
                </Button>
              ) : null}
              {covered && editable && !editing ? (
                <Button icon={<EditOutlined />} onClick={() => setEditing(true)} data-testid="edit-panel-data">
                  {t('records.editPanelData')}
                </Button>
              ) : null}
              {/* Spec 002 §4: the panel-wide workflow steps and the signature; the server checks each again. */}
              {workflowRightsOf(init).length > 0 ? (
                <>
                  <BulkWorkflowActions scope="panel" id={panel.panelInstanceId} onDone={onReload} />
                  <SignButton scope="panel" id={panel.panelInstanceId} onSigned={onReload} />
                </>
              ) : null}
            </Space>
          </Flex>
        </Flex>
      </Card>
      {!editable ? <Alert type="info" showIcon title={t('records.noEntry')} /> : null}
      <Card size="small">
        <FormRenderer
          panel={definition}
          initialValues={panel.values}
          readOnly={readOnly}
          labelPosition={labelPosition}
          tableMode={tableMode}
          cardsPerRow={cards}
          handleRef={handle}
          dataMode={dataMode}
        />
      </Card>
      {editable ? (
        <Flex justify="flex-end" gap={12} align="center" className="dcap-records-actions">
          <Checkbox checked={unchecked} onChange={(event) => setUnchecked(event.target.checked)} disabled={!editing} data-testid="unchecked">
            {t('records.unchecked')}
          </Checkbox>
          {nextPanel ? (
            <Link to={panelEntryPath(panel.subjectId, nextPanel.panelInstanceId)}>{locale === 'en-US' ? (nextPanel.nameEn ?? nextPanel.name) : nextPanel.name} →</Link>
          ) : null}
          <Button type="primary" icon={<SaveOutlined />} onClick={() => void onSave()} loading={save.isPending} disabled={!editing} data-testid="save-panel">
            {t('records.save')}
          </Button>
        </Flex>
      ) : null}
      {/* Spec 002 §4 questionnaire states of the links that write this panel (docs/decisions.md "Subject questionnaires"). */}
      {panel.rights.enter ? (
        <Card size="small" title={t('questionnaire.panelLinks')}>
          <SurveyLinkList subjectId={panel.subjectId} panelInstanceId={panel.panelInstanceId} canEnter={editable} />
        </Card>
      ) : null}
      {/* Remote source verification: site staff upload, monitors who verify view (docs/decisions.md "Who sees which attachment"). */}
      {panel.rights.enter || panel.rights.verify ? (
        <SourceDocuments panelInstanceId={panel.panelInstanceId} editable={editable && !isPanelClosed(panel.status)} saved={panel.firstSavedAt !== null} />
      ) : null}
      <ReasonDialog
        open={pending !== null}
        fields={(pending?.paths ?? []).map((path) => ({ path, label: label(path) }))}
        confirming={save.isPending}
        onCancel={() => setPending(null)}
        onConfirm={(reasons) => {
          if (pending) void submit(pending.values, reasons);
        }}
      />
      <Modal
        open={stale !== null}
        title={t('records.stale.title')}
        onCancel={() => setStale(null)}
        onOk={() => {
          setStale(null);
          onReload();
        }}
        okText={t('records.stale.reload')}
        mask={{ closable: false }}
      >
        <Typography.Paragraph>{t('records.stale.intro')}</Typography.Paragraph>
        <Typography.Paragraph type="secondary">{stale?.message}</Typography.Paragraph>
        <ul data-testid="stale-changes">
          {(stale?.changes ?? []).map((change, position) => (
            <li key={`${change.path}-${String(position)}`}>
              {label(change.path)}: {change.message}
            </li>
          ))}
        </ul>
      </Modal>
      <CopyDialog open={copyOpen} panel={panel} onClose={() => setCopyOpen(false)} onCopied={() => setCopyOpen(false)} />
    </Flex>
  );
}

/** `/survey/subject/:subjectId/panel/:panelInstanceId`: one panel instance of a subject, for entry. */
export function PanelEntryPage() {
  const { t } = useTranslation();
  const params = useParams();
  const id = Number(params.panelInstanceId);
  const query = useRecordPanel(Number.isInteger(id) ? id : 0);
  const reload = useCallback(() => void query.refetch(), [query]);
  if (query.isLoading) return <PageSpin />;
  if (!query.data) {
    return (
      <Result
        status="warning"
        title={t('common.loadFailed')}
        extra={
          <Button onClick={reload} type="primary">
            {t('common.retry')}
          </Button>
        }
      />
    );
  }
  // A new version (after a save, a copy or a reload) starts the form again from the stored values.
  return <PanelEntry key={`${String(query.data.panelInstanceId)}:${String(query.data.version)}`} panel={query.data} onReload={reload} />;
}
