import { Modal, Typography } from 'antd';
import DOMPurify from 'dompurify';
import dayjs from 'dayjs';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { parseStoredArticle, shouldShowBulletin, storedArticleOf } from '@dcap/core';
import type { CurrentArticle } from '@dcap/core';
import { useServices } from '../../app/services';
import { storageKey } from '../../app/storage';
import { currentLocale } from '../../i18n';
import { useCurrentArticle } from './api';
import './content.css';

/** The bulletin's width (spec 000 §2.1 "Modals: bulletin (width 820)"). */
export const BULLETIN_WIDTH = 820;

function readStored(storage: Storage) {
  try {
    return parseStoredArticle(JSON.parse(storage.getItem(storageKey('article')) ?? 'null'));
  } catch {
    return null;
  }
}

/**
 * Spec 000 §4.5: fetched at load when signed in; shown if never stored, shown again when the user, the
 * content or the show flag differs from the stored copy, otherwise hidden; stored after the fetch.
 */
export function BulletinDialog({ userId }: { userId: number }) {
  const { t, i18n } = useTranslation();
  const { storage } = useServices();
  const current = useCurrentArticle(true);
  const [shown, setShown] = useState<CurrentArticle>(null);
  // Whether the rules of §4.5 have run for this load, for the journeys to tell "hidden" from "not yet decided".
  const [decided, setDecided] = useState(false);

  useEffect(() => {
    const article = current.data;
    if (article === undefined) return;
    if (article !== null) {
      if (shouldShowBulletin(article, readStored(storage), userId)) setShown(article);
      storage.setItem(storageKey('article'), JSON.stringify(storedArticleOf(article, userId)));
    }
    setDecided(true);
  }, [current.data, storage, userId]);

  const english = currentLocale(i18n) === 'en-US';
  const html = useMemo(() => {
    if (!shown) return '';
    const text = english ? shown.dataEn || shown.data : shown.data || shown.dataEn;
    // The server stored it cleaned; cleaned again here as every rich text the browser shows.
    return DOMPurify.isSupported ? DOMPurify.sanitize(text) : '';
  }, [shown, english]);

  return (
    <>
      <span hidden data-testid="bulletin-state" data-state={decided ? (shown ? 'shown' : 'hidden') : 'pending'} />
      <Modal
        open={shown !== null}
        width={BULLETIN_WIDTH}
        title={t('content.bulletin.title')}
        onCancel={() => setShown(null)}
        onOk={() => setShown(null)}
        okText={t('content.bulletin.close')}
        cancelButtonProps={{ style: { display: 'none' } }}
        okButtonProps={{ 'data-testid': 'bulletin-close' }}
      >
        {shown ? (
          <>
            <div className="dcap-bulletin" data-testid="bulletin-content" dangerouslySetInnerHTML={{ __html: html }} />
            <Typography.Text type="secondary">{t('content.bulletin.published', { date: dayjs(shown.publishedDate).format('YYYY-MM-DD HH:mm') })}</Typography.Text>
          </>
        ) : null}
      </Modal>
    </>
  );
}
