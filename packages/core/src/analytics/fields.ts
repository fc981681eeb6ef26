import type { Panel } from '../panels/schema.js';
import { panelFieldsByModel } from '../panels/walk.js';
import { CHOICE_WIDGET_TYPES, NUMERIC_WIDGET_TYPES } from './indicators.js';
import type { DistributionField } from './schemas.js';


/**
 * The fields of a design's panels whose distribution can be drawn, panel by panel in the design's order and in
 * each panel's order: the numeric (core NUMERIC_WIDGET_TYPES) and choice (CHOICE_WIDGET_TYPES) fields. The
 * server answers them from the design the environment runs, the one a distribution is checked against.
 */
export function distributionFields(instruments: readonly { id: number; name: string; nameEn: string | null; sort: number; panel: Panel }[]): DistributionField[] {
  const ordered = [...instruments].sort((a, b) => a.sort - b.sort || a.id - b.id);
  return ordered.flatMap((instrument) =>
    [...panelFieldsByModel(instrument.panel).values()]
      .filter((widget) => NUMERIC_WIDGET_TYPES.includes(widget.type) || CHOICE_WIDGET_TYPES.includes(widget.type))
      .map((widget) => ({
        instrumentId: instrument.id,
        instrumentName: instrument.name,
        instrumentNameEn: instrument.nameEn,
        path: widget.model,
        name: widget.name,
        nameEn: widget.nameEn ?? null,
        numeric: NUMERIC_WIDGET_TYPES.includes(widget.type),
      })),
  );
}
