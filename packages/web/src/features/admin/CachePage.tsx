import { Alert, Button, Card, Table, Tag } from 'antd';
import type { TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import type { CacheInfo } from '@dcap/core';
import { useConfirm } from '../../lib/confirm';
import { useCaches, useClearCache } from './api';

/**
 * What the server caches (spec 000 §2.2 /sys/cache): each cache with its entries now, whether it is in use,
 * how long it keeps an entry, and a clear action that empties it on every instance (docs/architecture.md
 * "Session cache").
 */
export function CachePage() {
  const { t } = useTranslation();
  const confirm = useConfirm();
  const caches = useCaches();
  const clear = useClearCache();

  const columns: TableColumnsType<CacheInfo> = [
    { key: 'name', title: t('admin.cache.columns.name'), width: 150, render: (_, c) => t(`admin.cache.names.${c.name}`) },
    { key: 'description', title: t('admin.cache.columns.description'), render: (_, c) => t(`admin.cache.descriptions.${c.name}`) },
    { key: 'entries', title: t('admin.cache.columns.entries'), dataIndex: 'entries', width: 100, align: 'right', render: (_, c) => <span data-testid={`cache-entries-${c.name}`}>{c.entries}</span> },
    { key: 'maxEntries', title: t('admin.cache.columns.maxEntries'), dataIndex: 'maxEntries', width: 110, align: 'right' },
    { key: 'ttl', title: t('admin.cache.columns.ttl'), width: 120, align: 'right', render: (_, c) => t('admin.cache.seconds', { count: c.ttlSeconds }) },
    { key: 'live', title: t('admin.cache.columns.live'), width: 110, render: (_, c) => (c.live ? <Tag color="green">{t('admin.cache.live')}</Tag> : <Tag>{t('admin.cache.off')}</Tag>) },
    {
      key: 'actions',
      title: t('admin.cache.columns.actions'),
      width: 110,
      render: (_, c) => (
        <Button type="link" size="small" danger data-testid={`cache-clear-${c.name}`} onClick={() => confirm({ title: t('admin.cache.confirm', { name: t(`admin.cache.names.${c.name}`) }), danger: true, onOk: () => clear.mutateAsync(c.name) })}>
          {t('admin.cache.clear')}
        </Button>
      ),
    },
  ];

  return (
    <Card title={t('admin.cache.title')} extra={<Button onClick={() => void caches.refetch()} loading={caches.isFetching}>{t('admin.cache.refresh')}</Button>} data-testid="cache-page">
      <Alert type="info" showIcon style={{ marginBottom: 16 }} title={t('admin.cache.intro')} />
      {caches.isError ? (
        <Alert type="warning" showIcon title={t('admin.loadFailed')} description={caches.error.message} />
      ) : (
        <Table<CacheInfo> rowKey="name" size="small" pagination={false} columns={columns} dataSource={caches.data ?? []} data-testid="cache-table" />
      )}
    </Card>
  );
}
