import { BULLSEYE_OPTIONS, bullseyeSegments, bullseyeWorstValue, MISSING_VALUE_DISPLAY } from '@dcap/core';
import type { OptionItem, Widget } from '@dcap/core';
import { ColourDot } from './ColourDot';
import { optionLabel, useRenderer } from './context';

/** The plot's value: a code per segment, under the segment's name (spec 002 §3: Segment1 to Segment17). */
export type BullseyeValue = Record<string, string>;

const CENTRE = 110;
/** Ring borders from the outside in: basal, mid, apical, apex (spec 001 §9). */
const RADII = [100, 75, 50, 25] as const;

interface Segment {
  number: number;
  path: string;
  labelAt: [number, number];
}

function point(radius: number, degrees: number): [number, number] {
  const radians = (degrees * Math.PI) / 180;
  return [CENTRE + radius * Math.cos(radians), CENTRE - radius * Math.sin(radians)];
}

function sector(outer: number, inner: number, from: number, to: number): string {
  const [x1, y1] = point(outer, from);
  const [x2, y2] = point(outer, to);
  const [x3, y3] = point(inner, to);
  const [x4, y4] = point(inner, from);
  const f = (value: number) => value.toFixed(2);
  if (inner === 0) return `M${f(CENTRE)},${f(CENTRE)} L${f(x1)},${f(y1)} A${String(outer)},${String(outer)} 0 0 0 ${f(x2)},${f(y2)} Z`;
  return `M${f(x1)},${f(y1)} A${String(outer)},${String(outer)} 0 0 0 ${f(x2)},${f(y2)} L${f(x3)},${f(y3)} A${String(inner)},${String(inner)} 0 0 1 ${f(x4)},${f(y4)} Z`;
}

/**
 * The standard polar map: basal 1–6 and mid 7–12 in rings of six (anterior at the top, counter-clockwise
 * through septum, inferior and lateral wall), apical 13–16 in a ring of four, apex 17 in the centre.
 */
function segmentsOf(count: 16 | 17): Segment[] {
  const segments: Segment[] = [];
  const rings = [
    [RADII[0], RADII[1], 1],
    [RADII[1], RADII[2], 7],
  ] as const;
  for (const [outer, inner, first] of rings) {
    for (let index = 0; index < 6; index++) {
      const from = 60 + index * 60;
      segments.push({ number: first + index, path: sector(outer, inner, from, from + 60), labelAt: point((outer + inner) / 2, from + 30) });
    }
  }
  const apicalInner = count === 17 ? RADII[3] : 0;
  for (let index = 0; index < 4; index++) {
    const from = 45 + index * 90;
    segments.push({ number: 13 + index, path: sector(RADII[2], apicalInner, from, from + 90), labelAt: point((RADII[2] + apicalInner) / 2 + 4, from + 45) });
  }
  if (count === 17) {
    segments.push({ number: 17, path: `M${String(CENTRE - RADII[3])},${String(CENTRE)} a${String(RADII[3])},${String(RADII[3])} 0 1 0 ${String(2 * RADII[3])},0 a${String(RADII[3])},${String(RADII[3])} 0 1 0 ${String(-2 * RADII[3])},0 Z`, labelAt: [CENTRE, CENTRE] });
  }
  return segments;
}

const SEGMENTS = { 16: segmentsOf(16), 17: segmentsOf(17) };


function asBullseyeValue(value: unknown): BullseyeValue {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as BullseyeValue) : {};
}

interface BullseyePlotProps {
  widget: Widget;
  value: unknown;
  disabled: boolean;
  onChange: (value: unknown) => void;
}

/** Clicking a segment moves it to the next code (none, then each option in turn); the worst code is shown. */
export function BullseyePlot({ widget, value, disabled, onChange }: BullseyePlotProps) {
  const { locale, t } = useRenderer();
  const options: readonly OptionItem[] = widget.options.options?.length ? widget.options.options : BULLSEYE_OPTIONS;
  const codes = asBullseyeValue(value);
  const byCode = new Map(options.map((option) => [option.value, option]));
  const worst = bullseyeWorstValue(Object.values(codes));
  const worstOption = worst === null ? undefined : options.find((option) => Number(option.value) === worst);
  const count = widget.options.segments ?? 17;
  const names = new Map(bullseyeSegments(count).map((segment) => [segment.number, segment]));
  const segmentKey = (number: number) => names.get(number)?.key ?? `Segment${String(number)}`;

  function cycle(number: number): void {
    const name = segmentKey(number);
    const position = options.findIndex((option) => option.value === codes[name]);
    const next = options[position + 1];
    const updated = Object.fromEntries(Object.entries(codes).filter(([segment]) => segment !== name));
    if (next) updated[name] = next.value;
    onChange(Object.keys(updated).length > 0 ? updated : null);
  }

  return (
    <div className="dcap-renderer-bullseye" data-testid={`bullseye-${widget.model}`}>
      <svg viewBox={`0 0 ${String(CENTRE * 2)} ${String(CENTRE * 2)}`} width={220} height={220} role="group" aria-label={t('renderer.bullseye.title')}>
        {SEGMENTS[count].map((segment) => {
          const option = byCode.get(codes[segmentKey(segment.number)] ?? '');
          const named = names.get(segment.number);
          const label = named ? (locale === 'en-US' ? named.nameEn : named.name) : String(segment.number);
          return (
            <g key={segment.number}>
              <path
                d={segment.path}
                fill={option?.color ?? '#ffffff'}
                stroke="#595959"
                strokeWidth={1}
                role="button"
                aria-label={option ? `${label}: ${optionLabel(option, locale)}` : label}
                aria-disabled={disabled}
                data-testid={`bullseye-segment-${String(segment.number)}`}
                style={{ cursor: disabled ? 'not-allowed' : 'pointer' }}
                onClick={disabled ? undefined : () => cycle(segment.number)}
              />
              <text x={segment.labelAt[0]} y={segment.labelAt[1]} textAnchor="middle" dominantBaseline="central" fontSize={10} pointerEvents="none">
                {segment.number}
              </text>
            </g>
          );
        })}
      </svg>
      <div className="dcap-renderer-bullseye-legend">
        {options.map((option) => (
          <ColourDot key={option.key} color={option.color} label={`${option.value} ${optionLabel(option, locale)}`} />
        ))}
        <span data-testid={`bullseye-worst-${widget.model}`}>
          {t('renderer.bullseye.worst', { value: worstOption ? optionLabel(worstOption, locale) : MISSING_VALUE_DISPLAY })}
        </span>
      </div>
    </div>
  );
}
