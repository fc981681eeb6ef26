import type { DistributionSplit } from '@dcap/core';
import { DISTRIBUTION_BINS } from '@dcap/core';
import type { RawBuilder } from 'kysely';
import { sql } from 'kysely';
import type { Executor } from '../audit/repo.js';
import type { Scope } from './repo.js';
import { subjectWhere } from './repo.js';
import type { SnapshotInstrument } from '../publishing/snapshot.js';
import { snapshotOf } from '../publishing/snapshot.js';

/**
 * The distribution of one field (docs/decisions.md "Analytics"): its values in the saved panel instances
 * of one instrument, split by site, visit (event) or arm, counted in the database. Split by arm, only
 * randomised subjects count.
 */
export interface FieldSelection {
  instrumentId: number;
  path: string;
  split: DistributionSplit;
  /** Panels first saved from this instant on; null for "all". */
  from: Date | null;
}

function values(scope: Scope, field: FieldSelection): RawBuilder<unknown> {
  const key = field.split === 'site' ? sql`s.site_id::text` : field.split === 'visit' ? sql`e.event_id::text` : sql`a.arm`;
  const arm = field.split === 'arm' ? sql`JOIN rand_allocations a ON a.subject_id = s.id AND a.env_id = ${scope.envId}` : sql``;
  const period = field.from === null ? sql`` : sql`AND p.first_saved_at >= ${field.from}`;
  return sql`
    SELECT ${key} AS key, fv.value AS value, fv.inactive_type AS inactive
    FROM panel_instances p
    JOIN event_instances e ON e.id = p.event_instance_id
    JOIN subjects s ON s.id = p.subject_id
    ${arm}
    LEFT JOIN field_values fv ON fv.panel_instance_id = p.id AND fv.path = ${field.path}
    WHERE ${subjectWhere(scope)} AND p.env_id = ${scope.envId} AND p.instrument_id = ${field.instrumentId}
      AND p.first_saved_at IS NOT NULL ${period}`;
}

/** A stored value as a number: a JSON number, or text that is just a decimal number; anything else is null. */
const NUMBER = sql`CASE
  WHEN jsonb_typeof(v.value) = 'number' THEN (v.value #>> '{}')::float8
  WHEN jsonb_typeof(v.value) = 'string' AND btrim(v.value #>> '{}') ~ '^[-+]?[0-9]+([.][0-9]+)?$' THEN btrim(v.value #>> '{}')::float8
END`;

export interface NumericCounts {
  bins: { key: string; bin: number; count: number }[];
  missing: { key: string; count: number }[];
  min: number | null;
  max: number | null;
}

/**
 * A numeric field in equal bins between its smallest and largest value (width_bucket; the largest value
 * falls in the last bin, like core `binOf`), and per split key the panels where it is blank, marked not
 * done or not a number.
 */
export async function numericDistribution(db: Executor, scope: Scope, field: FieldSelection): Promise<NumericCounts> {
  const { rows } = await sql<{ key: string; bin: number | null; count: number; lo: number | null; hi: number | null }>`
    WITH v AS (${values(scope, field)}),
      n AS (SELECT v.key, CASE WHEN v.inactive IS NULL THEN ${NUMBER} END AS num FROM v),
      r AS (SELECT min(num) AS lo, max(num) AS hi FROM n)
    SELECT n.key,
      CASE WHEN n.num IS NULL THEN NULL WHEN r.hi > r.lo THEN least(width_bucket(n.num, r.lo, r.hi, ${DISTRIBUTION_BINS}), ${DISTRIBUTION_BINS}) - 1 ELSE 0 END AS bin,
      count(*)::int AS count, r.lo, r.hi
    FROM n CROSS JOIN r
    GROUP BY 1, 2, r.lo, r.hi`.execute(db);
  const first = rows[0];
  return {
    bins: rows.filter((row) => row.bin !== null).map((row) => ({ key: row.key, bin: Number(row.bin), count: row.count })),
    missing: rows.filter((row) => row.bin === null).map((row) => ({ key: row.key, count: row.count })),
    min: first?.lo ?? null,
    max: first?.hi ?? null,
  };
}

/**
 * A choice field's chosen option values per split key (a checkbox counts each option it holds), and the
 * panels where nothing was chosen (blank, or an empty list) or the field was marked not done.
 */
export async function choiceDistribution(db: Executor, scope: Scope, field: FieldSelection): Promise<{ options: { key: string; option: string; count: number }[]; missing: { key: string; count: number }[] }> {
  const { rows } = await sql<{ key: string; option: string | null; count: number }>`
    WITH v AS (${values(scope, field)}),
      chosen AS (
        SELECT v.key, v.value #>> '{}' AS option FROM v WHERE v.inactive IS NULL AND jsonb_typeof(v.value) IN ('string', 'number', 'boolean')
        UNION ALL
        SELECT v.key, x.option FROM v CROSS JOIN LATERAL jsonb_array_elements_text(v.value) AS x(option) WHERE v.inactive IS NULL AND jsonb_typeof(v.value) = 'array'
      )
    SELECT c.key, c.option, count(*)::int AS count FROM chosen c WHERE c.option <> '' GROUP BY 1, 2
    UNION ALL
    SELECT v.key, NULL, count(*)::int FROM v
    WHERE v.inactive IS NOT NULL OR v.value IS NULL OR jsonb_typeof(v.value) = 'null' OR v.value IN ('""'::jsonb, '[]'::jsonb)
    GROUP BY 1`.execute(db);
  return {
    options: rows.filter((row) => row.option !== null).map((row) => ({ key: row.key, option: row.option as string, count: row.count })),
    missing: rows.filter((row) => row.option === null).map((row) => ({ key: row.key, count: row.count })),
  };
}

/** The panel (instrument) JSON of the design the environment runs, to learn a field's type and options; picked out in the database. */
export async function envInstrumentPanel(db: Executor, envId: number, instrumentId: number): Promise<unknown> {
  const { rows } = await sql<{ panel: unknown }>`
    SELECT jsonb_path_query_first(d.snapshot, '$.instruments[*] ? (@.id == $id).panel', jsonb_build_object('id', ${instrumentId}::int)) AS panel
    FROM env_designs ed JOIN design_versions d ON d.id = ed.design_version_id
    WHERE ed.env_id = ${envId}`.execute(db);
  return rows[0]?.panel ?? null;
}

/** The panels of the design an environment runs (none before its first publication). */
export async function envInstruments(db: Executor, envId: number): Promise<SnapshotInstrument[]> {
  const row = await db
    .selectFrom('env_designs as ed')
    .innerJoin('design_versions as d', 'd.id', 'ed.design_version_id')
    .select('d.snapshot')
    .where('ed.env_id', '=', envId)
    .executeTakeFirst();
  return row ? snapshotOf(row).instruments : [];
}
