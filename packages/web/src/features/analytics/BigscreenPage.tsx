import dayjs from 'dayjs';
import type { ReactNode } from 'react';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { AnalyticsOverview, Locale } from '@dcap/core';
import { analyticsLabel, ANALYTICS_CHARTS_PATH, DATE_TIME_FORMAT } from '@dcap/core';
import { EChart } from '../../components/EChart';
import { useProjectContext } from '../../app/projectContext';
import { currentLocale } from '../../i18n';
import { localName } from '../../lib/displayName';
import type { AnalyticsFilterState } from './api';
import { useAnalyticsOverview, useAnalyticsProjects } from './api';
import { labelIn } from './charts';
import { locatedSites, registerWorldMap, siteMapOption } from './siteMap';
import { siteName, wallEnrolmentOption, wallQueriesOption, wallVisitsOption } from './wallCharts';
import './bigscreen.css';

/** How often the wall reads its figures again (docs/decisions.md "Bigscreen": at most every 10 s). */
export const BIGSCREEN_REFRESH_MS = 10_000;

const WHOLE_STUDY: AnalyticsFilterState = { time: 'all', siteIds: [], arm: null };

/** Chart fonts grow with the screen: 1 at 1920 px wide, 2 at 3840 px. */
function useScreenScale(): number {
  const read = () => Math.max(0.6, window.innerWidth / 1920);
  const [scale, setScale] = useState(read);
  useEffect(() => {
    const update = () => setScale(read());
    window.addEventListener('resize', update);
    return () => window.removeEventListener('resize', update);
  }, []);
  return scale;
}

function useClock(): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), 1000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

/** The browser's full screen, by a button or the F key. */
function toggleFullScreen(): void {
  if (document.fullscreenElement) void document.exitFullscreen().catch(() => undefined);
  // Some wall browsers (kiosk modes, embedded views) have no full-screen call at all.
  else if (typeof document.documentElement.requestFullscreen === 'function') void document.documentElement.requestFullscreen().catch(() => undefined);
}

function useFullScreenKey(): void {
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if ((event.key === 'f' || event.key === 'F') && !event.ctrlKey && !event.metaKey && !event.altKey) toggleFullScreen();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
}

/** The head row of every wall: title, clock, last update, a stale badge when the last refresh failed, and buttons. */
function WallHead({ title, sub, updatedAt, stale }: { title: string; sub?: string; updatedAt: number; stale: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const now = useClock();
  useFullScreenKey();
  return (
    <header className="dcap-wall__head">
      <div className="dcap-wall__title" data-testid="wall-title">
        {title}
      </div>
      {sub ? <div className="dcap-wall__sub">{sub}</div> : null}
      <div className="dcap-wall__spacer" />
      {stale ? (
        <span className="dcap-wall__badge" role="status" data-testid="wall-stale">
          {t('bigscreen.stale')}
        </span>
      ) : null}
      {updatedAt > 0 ? (
        <span className="dcap-wall__sub" data-testid="wall-updated">
          {t('bigscreen.updated', { time: dayjs(updatedAt).format('HH:mm:ss') })}
        </span>
      ) : null}
      <span className="dcap-wall__clock" data-testid="wall-clock">
        {dayjs(now).format(DATE_TIME_FORMAT)}
      </span>
      <button type="button" className="dcap-wall__button" onClick={toggleFullScreen} data-testid="wall-fullscreen">
        {t('bigscreen.fullscreen')}
      </button>
      <button type="button" className="dcap-wall__button" onClick={() => void navigate(ANALYTICS_CHARTS_PATH)} data-testid="wall-exit">
        {t('bigscreen.exit')}
      </button>
    </header>
  );
}

function Tile({ label, value, note, warn, testId }: { label: string; value: ReactNode; note?: ReactNode; warn?: boolean; testId: string }) {
  return (
    <div className={`dcap-wall__tile${warn ? ' dcap-wall__tile--warn' : ''}`} data-testid={testId}>
      <div className="dcap-wall__tile-label">{label}</div>
      <div className="dcap-wall__tile-value" data-testid={`${testId}-value`}>
        {value}
      </div>
      {note ? <div className="dcap-wall__tile-note">{note}</div> : null}
    </div>
  );
}

function Panel({ title, children, className }: { title: string; children: ReactNode; className?: string }) {
  return (
    <section className={`dcap-wall__panel${className ? ` ${className}` : ''}`}>
      <div className="dcap-wall__panel-title">{title}</div>
      {children}
    </section>
  );
}

/** The tiles of the wall (docs/decisions.md "Bigscreen"); a blinded viewer's randomisation tile has the total only. */
function Tiles({ overview }: { overview: AnalyticsOverview }) {
  const { t } = useTranslation();
  const tiles = overview.tiles;
  const dash = '–';
  const buckets = tiles.queryAges.filter((row) => row.count > 0).map((row) => `${t(`dataDisplay.bucket.${row.bucket}`)} ${String(row.count)}`);
  return (
    <div className="dcap-wall__tiles">
      <Tile
        testId="tile-enrolled"
        label={t('bigscreen.tile.enrolled')}
        value={
          tiles.target === null ? (
            String(tiles.enrolled)
          ) : (
            <>
              {tiles.enrolled}
              <span className="dcap-wall__tile-of"> / {tiles.target}</span>
            </>
          )
        }
        note={tiles.target === null ? t('bigscreen.tile.noTarget') : `${String(Math.round((100 * tiles.enrolled) / Math.max(1, tiles.target)))}%`}
      />
      <Tile testId="tile-failures" label={t('bigscreen.tile.screeningFailures')} value={tiles.screeningFailures} note={t('bigscreen.tile.screened', { count: tiles.screened })} />
      <Tile testId="tile-visits" label={t('bigscreen.tile.visitsDue')} value={tiles.visitsDue} note={t('bigscreen.tile.visitsMissed', { count: tiles.visitsMissed })} warn={tiles.visitsMissed > 0} />
      <Tile testId="tile-queries" label={t('bigscreen.tile.openQueries')} value={tiles.openQueries} note={buckets.join(' · ') || undefined} />
      <Tile testId="tile-lag" label={t('bigscreen.tile.entryLag')} value={tiles.entryLagMedianDays === null ? dash : t('bigscreen.tile.days', { value: tiles.entryLagMedianDays })} />
      <Tile testId="tile-sdv" label={t('bigscreen.tile.sdv')} value={tiles.sdvPercent === null ? dash : `${String(Math.round(tiles.sdvPercent))}%`} note={tiles.sdvPercent === null ? undefined : `${String(tiles.sdvPercent)}%`} />
      <Tile
        testId="tile-randomised"
        label={t('bigscreen.tile.randomised')}
        value={tiles.randomised.total}
        note={tiles.randomised.byArm ? tiles.randomised.byArm.map((row) => `${row.arm} ${String(row.count)}`).join(' · ') || undefined : t('bigscreen.tile.blindedTotal')}
      />
      <Tile testId="tile-stock" label={t('bigscreen.tile.stockAlerts')} value={tiles.stockAlerts} warn={tiles.stockAlerts > 0} />
    </div>
  );
}

function alertText(overview: AnalyticsOverview, alert: AnalyticsOverview['alerts'][number], locale: Locale, t: (key: string, params?: Record<string, string | number>) => string): string {
  const site = siteName(overview, alert.siteId, locale);
  if (alert.kind === 'siteIdle') return alert.count === null ? t('bigscreen.alerts.siteIdleNever', { site }) : t('bigscreen.alerts.siteIdle', { site, days: alert.count });
  if (alert.kind === 'stockLow') return t('bigscreen.alerts.stockLow', { site, kit: alert.subject ? labelIn(alert.subject, locale) : '', count: alert.count ?? 0, threshold: alert.threshold });
  return t('bigscreen.alerts.queryOld', { site, count: alert.count ?? 0, threshold: alert.threshold });
}

/** The site map: the world outline registered lazily, then the sites at their areas' points. */
function SiteMap({ overview, locale, scale }: { overview: AnalyticsOverview; locale: Locale; scale: number }) {
  const { t } = useTranslation();
  const [ready, setReady] = useState(false);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let alive = true;
    registerWorldMap().then(
      () => alive && setReady(true),
      () => alive && setFailed(true),
    );
    return () => {
      alive = false;
    };
  }, []);
  const option = useMemo(() => siteMapOption(overview.sites, locale, scale, t('bigscreen.tile.enrolled')), [overview.sites, locale, scale, t]);
  const unplaced = overview.sites.length - locatedSites(overview.sites).length;
  return (
    <>
      <div className="dcap-wall__chart" data-testid="wall-map">
        {unplaced === overview.sites.length ? (
          // No site has a point: a map of the whole world with nothing on it tells nobody anything.
          <div className="dcap-wall__center">{t('bigscreen.noSitePlaced')}</div>
        ) : ready ? (
          <EChart option={option} locale={locale} height="100%" />
        ) : (
          <div className="dcap-wall__center">{failed ? t('common.chartFailed') : t('bigscreen.loading')}</div>
        )}
      </div>
      {unplaced > 0 ? <div className="dcap-wall__muted">{t('bigscreen.noLocation', { count: unplaced })}</div> : null}
    </>
  );
}

/**
 * The big screen of the session's study and environment (/bigscreen; docs/decisions.md "Bigscreen"): read-only,
 * outside the main layout, refreshed every 10 s without reloading. While a refresh is in flight, and after one
 * failed, the last figures stay; a failure shows the stale badge until a refresh succeeds again.
 */
export function BigscreenPage() {
  const { t, i18n } = useTranslation();
  const locale = currentLocale(i18n);
  const scale = useScreenScale();
  const { project, currentEnv } = useProjectContext();
  const overview = useAnalyticsOverview(project?.id ?? null, currentEnv?.key ?? null, WHOLE_STUDY, BIGSCREEN_REFRESH_MS);
  const data = overview.data;
  const options = useMemo(
    () =>
      data
        ? {
            enrolment: wallEnrolmentOption(data, t, scale),
            visits: wallVisitsOption(data, (outcome) => labelIn(analyticsLabel(outcome as 'due'), locale), scale),
            queries: wallQueriesOption(data, t, scale),
          }
        : null,
    [data, t, scale, locale],
  );

  if (!project || !currentEnv) {
    return (
      <div className="dcap-wall" data-testid="bigscreen">
        <div className="dcap-wall__center">{t('bigscreen.noProject')}</div>
      </div>
    );
  }
  const title = `${project.code} ${localName(project, locale)}`;
  return (
    <div className="dcap-wall" data-testid="bigscreen">
      <WallHead title={title} sub={localName(currentEnv, locale)} updatedAt={overview.dataUpdatedAt} stale={overview.isError} />
      {!data || !options ? (
        <div className="dcap-wall__center" data-testid="wall-loading">
          {overview.isError ? t('bigscreen.failed') : t('bigscreen.loading')}
        </div>
      ) : (
        <>
          <Tiles overview={data} />
          <div className="dcap-wall__body">
            <Panel title={t('bigscreen.chart.map')} className="dcap-wall__panel--map">
              <SiteMap overview={data} locale={locale} scale={scale} />
            </Panel>
            <Panel title={t('bigscreen.chart.enrolment')}>
              <div className="dcap-wall__chart">
                <EChart option={options.enrolment} locale={locale} height="100%" empty={data.sites.length === 0} emptyText={t('analytics.empty')} />
              </div>
            </Panel>
            <Panel title={t('bigscreen.chart.queries')}>
              <div className="dcap-wall__chart">
                <EChart option={options.queries} locale={locale} height="100%" />
              </div>
            </Panel>
            <Panel title={t('bigscreen.chart.visits')}>
              <div className="dcap-wall__chart">
                <EChart option={options.visits} locale={locale} height="100%" empty={data.visitOutcomes.every((row) => row.count === 0)} emptyText={t('analytics.empty')} />
              </div>
            </Panel>
            <Panel title={t('bigscreen.alerts.title')}>
              {data.alerts.length === 0 ? (
                <div className="dcap-wall__center">{t('bigscreen.alerts.none')}</div>
              ) : (
                <ul className="dcap-wall__alerts" data-testid="wall-alerts">
                  {data.alerts.map((alert, index) => (
                    <li key={`${alert.kind}-${String(alert.siteId)}-${String(index)}`} className={`dcap-wall__alert dcap-wall__alert--${alert.kind}`}>
                      {alertText(data, alert, locale, t)}
                    </li>
                  ))}
                </ul>
              )}
            </Panel>
          </div>
        </>
      )}
    </div>
  );
}

/** The wall of every study the user may see (/bigscreen/all): each study's headline figures, refreshed like the study wall. */
export function BigscreenAllPage() {
  const { t, i18n } = useTranslation();
  const locale = currentLocale(i18n);
  const projects = useAnalyticsProjects(BIGSCREEN_REFRESH_MS);
  const list = projects.data;
  return (
    <div className="dcap-wall" data-testid="bigscreen-all">
      <WallHead title={t('bigscreen.allTitle')} updatedAt={projects.dataUpdatedAt} stale={projects.isError} />
      {!list ? (
        <div className="dcap-wall__center">{projects.isError ? t('bigscreen.failed') : t('bigscreen.loading')}</div>
      ) : list.length === 0 ? (
        <div className="dcap-wall__center">{t('bigscreen.projects.none')}</div>
      ) : (
        <div className="dcap-wall__projects">
          {list.map((row) => (
            <section key={row.projectId} className="dcap-wall__panel" data-testid={`wall-project-${row.code}`}>
              <div className="dcap-wall__panel-title">
                {row.code} {labelIn(row, locale)}
              </div>
              {row.envName === null ? null : <div className="dcap-wall__muted">{t('bigscreen.projects.env', { env: localName({ name: row.envName, eName: row.envNameEn }, locale) })}</div>}
              <div className="dcap-wall__figures">
                <Tile testId={`wall-project-${row.code}-enrolled`} label={t('bigscreen.projects.enrolled')} value={row.enrolled} />
                <Tile testId={`wall-project-${row.code}-target`} label={t('bigscreen.projects.target')} value={row.target ?? '–'} />
                <Tile testId={`wall-project-${row.code}-failures`} label={t('bigscreen.projects.failures')} value={row.screeningFailures} />
                <Tile testId={`wall-project-${row.code}-queries`} label={t('bigscreen.projects.queries')} value={row.openQueries} />
              </div>
            </section>
          ))}
        </div>
      )}
    </div>
  );
}
