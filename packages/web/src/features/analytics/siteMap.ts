import type { AnalyticsOverview, Locale } from '@dcap/core';
import type { EChartsOption } from 'echarts';
import { labelIn } from './charts';

/** The name the country outlines are registered under with ECharts. */
export const WORLD_MAP = 'dcap-world';

let registered: Promise<void> | null = null;

/**
 * Registers the base map once (docs/decisions.md "Bigscreen"): Natural Earth's country outlines at 1:50m
 * (npm `world-atlas`, public domain data) turned from TopoJSON into GeoJSON (`topojson-client`). Nothing is
 * fetched from the internet: the outline is bundled and loaded only by the big screen, in its own chunk.
 */
export function registerWorldMap(): Promise<void> {
  registered ??= Promise.all([import('echarts'), import('topojson-client'), import('world-atlas/countries-50m.json')]).then(([echarts, topojson, atlas]) => {
    const topology = (atlas as { default?: unknown }).default ?? atlas;
    const world = topojson.feature(topology as Parameters<typeof topojson.feature>[0], (topology as { objects: { countries: Parameters<typeof topojson.feature>[1] } }).objects.countries) as unknown as {
      type: 'FeatureCollection';
      features: { id?: string | number }[];
    };
    // Antarctica (ISO 3166 numeric 010) wraps around the pole and draws a band across any view reaching it;
    // no site stands there.
    const features = world.features.filter((feature) => String(feature.id) !== '010');
    echarts.registerMap(WORLD_MAP, { ...world, features } as unknown as Parameters<typeof echarts.registerMap>[1]);
  });
  return registered;
}

type Site = AnalyticsOverview['sites'][number];
type Located = Site & { location: NonNullable<Site['location']> };

/** The sites that have a point. */
export function locatedSites(sites: readonly Site[]): Located[] {
  return sites.filter((site): site is Located => site.location !== null);
}

/**
 * The view of the map: the sites' bounding box with a margin (at least a few degrees, so one site does not
 * fill the screen with a single field), as the centre and zoom ECharts' geo component takes.
 */
export function siteBounds(sites: readonly Located[]): { center: [number, number]; boundingCoords: [[number, number], [number, number]] } {
  const longitudes = sites.map((site) => site.location.longitude);
  const latitudes = sites.map((site) => site.location.latitude);
  const margin = (low: number, high: number) => Math.max(8, (high - low) * 0.25);
  const [west, east] = [Math.min(...longitudes), Math.max(...longitudes)];
  const [south, north] = [Math.min(...latitudes), Math.max(...latitudes)];
  const dx = margin(west, east);
  const dy = margin(south, north);
  return {
    center: [(west + east) / 2, (south + north) / 2],
    boundingCoords: [
      [Math.max(-180, west - dx), Math.min(90, north + dy)],
      [Math.min(180, east + dx), Math.max(-90, south - dy)],
    ],
  };
}

/** The site map (docs/decisions.md "Bigscreen"): each site at its area's point, sized by enrolment, named in the tooltip. */
export function siteMapOption(sites: readonly Site[], locale: Locale, scale: number, enrolledName: string): EChartsOption {
  const located = locatedSites(sites);
  const most = Math.max(1, ...located.map((site) => site.enrolled));
  const bounds = located.length > 0 ? siteBounds(located) : null;
  return {
    tooltip: {
      trigger: 'item',
      textStyle: { fontSize: 14 * scale },
      formatter: (params) => {
        const site = located[(params as { dataIndex: number }).dataIndex];
        if (!site) return '';
        const area = site.location.areaName === null ? '' : ` · ${locale === 'en-US' ? (site.location.areaNameEn ?? site.location.areaName) : site.location.areaName}`;
        return `${site.code} ${labelIn(site, locale)}${area}<br/>${enrolledName}: ${String(site.enrolled)}${site.target === null ? '' : ` / ${String(site.target)}`}`;
      },
    },
    geo: {
      map: WORLD_MAP,
      roam: false,
      ...(bounds ? { boundingCoords: bounds.boundingCoords } : { center: [105, 35], zoom: 3 }),
      itemStyle: { areaColor: '#16233f', borderColor: '#3a5a8c', borderWidth: 1 },
      emphasis: { disabled: true },
      silent: true,
    },
    series: [
      {
        type: 'effectScatter',
        coordinateSystem: 'geo',
        rippleEffect: { scale: 2.5, brushType: 'stroke' },
        symbolSize: (value: number[]) => (10 + 30 * Math.sqrt((value[2] ?? 0) / most)) * scale,
        label: { show: true, position: 'right', color: '#e6f0ff', fontSize: 18 * scale, formatter: (params) => located[params.dataIndex]?.code ?? '' },
        data: located.map((site) => [site.location.longitude, site.location.latitude, site.enrolled]),
      },
    ],
  };
}
