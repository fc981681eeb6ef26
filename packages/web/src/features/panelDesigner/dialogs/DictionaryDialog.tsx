import { Input, List, Modal, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DictEntry } from '@dcap/core';
import { useDictOptionsQuery } from '../../../api/designer';
import { currentLocale } from '../../../i18n';

/** Spec 001 §2.1 dictionary option picker: platform and project dictionaries, searchable; a click applies one. */
export function DictionaryDialog({ open, projectId, onClose, onChoose }: { open: boolean; projectId: number | null; onClose: () => void; onChoose: (entry: DictEntry) => void }) {
  const { t, i18n } = useTranslation();
  const english = currentLocale(i18n) === 'en-US';
  const [search, setSearch] = useState('');
  const query = useDictOptionsQuery(projectId, open);
  const needle = search.trim().toLowerCase();
  const entries = (query.data?.dictList ?? []).filter(
    (entry) => needle === '' || [entry.key, entry.value, entry.valueEn].some((text) => text.toLowerCase().includes(needle)),
  );
  return (
    <Modal open={open} title={t('designer.dialogs.dictionary.title')} onCancel={onClose} footer={null} destroyOnHidden width={640}>
      <Input.Search allowClear placeholder={t('designer.dialogs.dictionary.search')} value={search} onChange={(event) => setSearch(event.target.value)} data-testid="dictionary-search" />
      <List
        loading={query.isLoading}
        style={{ maxHeight: 400, overflowY: 'auto', marginTop: 8 }}
        dataSource={entries}
        renderItem={(entry) => (
          <List.Item
            style={{ cursor: 'pointer' }}
            onClick={() => {
              onChoose(entry);
              onClose();
            }}
            data-testid={`dictionary-${entry.key}`}
          >
            <List.Item.Meta
              title={
                <>
                  {english && entry.valueEn ? entry.valueEn : entry.value} <Typography.Text code>{entry.key}</Typography.Text>
                </>
              }
              description={entry.items.map((item) => `${item.key} ${english && item.labelEn ? item.labelEn : item.label}`).join(' · ')}
            />
            <Tag>{t(entry.isSysProjectDict ? 'designer.dialogs.dictionary.system' : 'designer.dialogs.dictionary.project')}</Tag>
            <Typography.Text type="secondary">{t('designer.dialogs.dictionary.items', { count: entry.items.length })}</Typography.Text>
          </List.Item>
        )}
      />
    </Modal>
  );
}
