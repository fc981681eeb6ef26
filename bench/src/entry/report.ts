import type { UsersMeasurement } from './users-load.js';

/** What one target of the data-entry benchmark produced. */
export interface EntryOutcome {
  target: string;
  database: 'PostgreSQL' | 'embedded';
  kind: 'platform' | 'floor';
  /** Saturated: each user saves again as soon as answered. Paced: each user saves once per period. */
  load: 'saturated' | 'paced';
  result: { measurement: UsersMeasurement; memory: MemoryFigures | null } | { skipped: string } | { failed: string };
}

export interface MemoryFigures {
  rssBytes: number;
  heapUsedBytes: number;
  heapTotalBytes: number;
  externalBytes: number;
  /** Statements the server sent to the database during the measured run. */
  statements: number;
}

/** The goals of the data-entry save (p99 latency at 20 users, throughput as a share of the floor). */
export const GOALS = {
  postgresP99Ms: 100,
  postgresShareOfFloor: 0.5,
  embeddedP99Ms: 1000,
} as const;

const COLUMNS = ['target', 'saves/s', 'p50 ms', 'p99 ms', 'max ms', 'saves', 'non-2xx', 'errors', '% of floor', 'SQL/save', 'peak RSS MB', 'peak heap MB'] as const;

const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(0);

function measured(outcome: EntryOutcome): UsersMeasurement | undefined {
  return 'measurement' in outcome.result ? outcome.result.measurement : undefined;
}

/** The floor's saturated figures: throughput is compared where both run flat out. */
function floorOf(outcomes: EntryOutcome[], database: EntryOutcome['database']): UsersMeasurement | undefined {
  const floor = outcomes.find((o) => o.database === database && o.kind === 'floor' && o.load === 'saturated');
  return floor ? measured(floor) : undefined;
}

function share(value: UsersMeasurement, floor: UsersMeasurement | undefined): number | undefined {
  return floor && floor.savesPerSecond > 0 ? value.savesPerSecond / floor.savesPerSecond : undefined;
}

const percent = (value: number | undefined) => (value === undefined ? 'n/a' : `${(value * 100).toFixed(0)}%`);

function cells(outcome: EntryOutcome, outcomes: EntryOutcome[]): string[] {
  const r = outcome.result;
  if ('skipped' in r) return [outcome.target, 'skipped', ...COLUMNS.slice(2).map(() => '')];
  if ('failed' in r) return [outcome.target, 'FAILED', ...COLUMNS.slice(2).map(() => '')];
  const m = r.measurement;
  return [
    outcome.target,
    m.savesPerSecond.toFixed(1),
    m.p50Ms.toFixed(1),
    m.p99Ms.toFixed(1),
    m.maxMs.toFixed(0),
    String(m.total),
    String(m.non2xx),
    String(m.errors),
    outcome.load === 'paced' ? 'n/a' : outcome.kind === 'floor' ? '100%' : percent(share(m, floorOf(outcomes, outcome.database))),
    // The embedded floor's statements go through PGlite's transaction object, which the probe does not count.
    r.memory && r.memory.statements > 0 && m.total > 0 ? (r.memory.statements / m.total).toFixed(0) : 'n/a',
    r.memory ? mb(r.memory.rssBytes) : 'n/a',
    r.memory ? `${mb(r.memory.heapUsedBytes)} / ${mb(r.memory.heapTotalBytes)}` : 'n/a',
  ];
}

/** A plain-text table: first column left-aligned, figures right-aligned. */
export function formatTable(outcomes: EntryOutcome[]): string {
  const rows = [[...COLUMNS], ...outcomes.map((outcome) => cells(outcome, outcomes))];
  const widths = COLUMNS.map((_, column) => Math.max(...rows.map((row) => (row[column] ?? '').length)));
  const line = (row: string[]) =>
    row
      .map((cell, column) => (column === 0 ? cell.padEnd(widths[column] ?? 0) : cell.padStart(widths[column] ?? 0)))
      .join('  ')
      .trimEnd();
  return [line(rows[0] ?? []), widths.map((width) => '-'.repeat(width)).join('  '), ...rows.slice(1).map(line)].join('\n');
}

const verdict = (met: boolean) => (met ? 'MET' : 'NOT MET');

/**
 * One line per goal: what it is, the figure, and whether this run met it. A p99 goal is judged twice: at
 * saturation, where by Little's law the latency is the users divided by the throughput and so measures the
 * machine's cores as much as the save, and at the paced load, where it is the latency a user meets.
 */
export function formatGoals(outcomes: EntryOutcome[], paceMs: number | null): string[] {
  const lines: string[] = [];
  const platform = (database: EntryOutcome['database'], load: EntryOutcome['load']) => {
    const outcome = outcomes.find((o) => o.database === database && o.kind === 'platform' && o.load === load);
    return outcome ? measured(outcome) : undefined;
  };
  const p99Lines = (name: string, database: EntryOutcome['database'], goalMs: number) => {
    const saturated = platform(database, 'saturated');
    const paced = platform(database, 'paced');
    if (saturated) lines.push(`Goal ${name} p99 under ${goalMs} ms, saturated: ${verdict(saturated.p99Ms < goalMs)} (${saturated.p99Ms.toFixed(1)} ms).`);
    if (paced && paceMs !== null) lines.push(`Goal ${name} p99 under ${goalMs} ms, each user saving every ${paceMs} ms: ${verdict(paced.p99Ms < goalMs)} (${paced.p99Ms.toFixed(1)} ms).`);
  };
  const pg = platform('PostgreSQL', 'saturated');
  const pgFloor = floorOf(outcomes, 'PostgreSQL');
  if (pg) {
    p99Lines('PostgreSQL', 'PostgreSQL', GOALS.postgresP99Ms);
    const s = share(pg, pgFloor);
    lines.push(
      s === undefined
        ? `Goal PostgreSQL at least ${percent(GOALS.postgresShareOfFloor)} of the floor's saves/s: not assessed (no floor figure).`
        : `Goal PostgreSQL at least ${percent(GOALS.postgresShareOfFloor)} of the floor's saves/s: ${verdict(s >= GOALS.postgresShareOfFloor)} (${percent(s)}).`,
    );
  } else {
    lines.push('Goals on PostgreSQL: not assessed (not measured).');
  }
  if (platform('embedded', 'saturated')) p99Lines('embedded database', 'embedded', GOALS.embeddedP99Ms);
  else lines.push('Goal on the embedded database: not assessed (not measured).');
  return lines;
}

/** Lines for every target that failed or had refused or broken requests: its figures are not valid. */
export function findProblems(outcomes: EntryOutcome[]): string[] {
  const problems: string[] = [];
  for (const outcome of outcomes) {
    const r = outcome.result;
    if ('failed' in r) problems.push(`${outcome.target}: ${r.failed}`);
    if (!('measurement' in r)) continue;
    const m = r.measurement;
    if (m.non2xx === 0 && m.errors === 0) continue;
    const statuses = Object.entries(m.statusCounts)
      .filter(([status]) => !status.startsWith('2'))
      .map(([status, count]) => `${status}: ${count}`)
      .join(', ');
    problems.push(`${outcome.target}: ${m.non2xx} non-2xx${statuses ? ` (${statuses})` : ''}, ${m.errors} errors; first: ${m.firstProblem ?? 'n/a'}`);
  }
  return problems;
}
