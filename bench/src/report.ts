import type { Measurement } from './load.js';

/** What happened to one target: measured, skipped (with why), or failed (with what). */
export type Outcome =
  | { target: string; kind: 'measured'; measurement: Measurement }
  | { target: string; kind: 'skipped'; reason: string }
  | { target: string; kind: 'failed'; reason: string };

/** The target for init's throughput on PostgreSQL, as a share of the floor's on the same machine. */
export const GOAL_SHARE_OF_FLOOR = 0.1;

const COLUMNS = ['target', 'req/s (mean)', 'p50 ms', 'p99 ms', 'requests', 'non-2xx', 'errors', '% of floor'] as const;

function share(measurement: Measurement, floor: Measurement | undefined): number | undefined {
  return floor && floor.requestsPerSecond > 0 ? measurement.requestsPerSecond / floor.requestsPerSecond : undefined;
}

function percent(value: number | undefined): string {
  return value === undefined ? 'n/a' : `${(value * 100).toFixed(1)}%`;
}

function cells(outcome: Outcome, floor: Measurement | undefined): string[] {
  switch (outcome.kind) {
    case 'measured': {
      const m = outcome.measurement;
      return [
        outcome.target,
        m.requestsPerSecond.toFixed(0),
        // autocannon's latency histogram resolves whole milliseconds; a decimal would be false precision.
        m.p50Ms.toFixed(0),
        m.p99Ms.toFixed(0),
        String(m.total),
        String(m.non2xx),
        String(m.errors),
        percent(share(m, floor)),
      ];
    }
    case 'skipped':
      return [outcome.target, 'skipped', '', '', '', '', '', ''];
    case 'failed':
      return [outcome.target, 'FAILED', '', '', '', '', '', ''];
  }
}

/** A plain-text table, first column left-aligned and figures right-aligned, for a terminal or a CI log. */
export function formatTable(outcomes: Outcome[], floor: Measurement | undefined): string {
  const rows = [[...COLUMNS], ...outcomes.map((outcome) => cells(outcome, floor))];
  const widths = COLUMNS.map((_, column) => Math.max(...rows.map((row) => (row[column] ?? '').length)));
  const line = (row: string[]) =>
    row
      .map((cell, column) => (column === 0 ? cell.padEnd(widths[column] ?? 0) : cell.padStart(widths[column] ?? 0)))
      .join('  ')
      .trimEnd();
  const rule = widths.map((width) => '-'.repeat(width)).join('  ');
  return [line(rows[0] ?? []), rule, ...rows.slice(1).map(line)].join('\n');
}

/** States the goal and whether this run met it; a figure for the reader, never a reason to fail the run. */
export function formatGoal(postgres: Outcome, floor: Measurement | undefined): string {
  const goal = `Goal: init on PostgreSQL at least ${percent(GOAL_SHARE_OF_FLOOR)} of the floor's requests per second.`;
  if (postgres.kind !== 'measured') return `${goal} Not measured: PostgreSQL was ${postgres.kind}.`;
  const achieved = share(postgres.measurement, floor);
  if (achieved === undefined) return `${goal} Not assessed: the floor was not measured.`;
  return `${goal} ${achieved >= GOAL_SHARE_OF_FLOOR ? 'Met' : 'Not met'}: ${percent(achieved)}.`;
}

/** Lines describing every target whose responses were not all 2xx, or that could not be measured. */
export function findProblems(outcomes: Outcome[]): string[] {
  const problems: string[] = [];
  for (const outcome of outcomes) {
    if (outcome.kind === 'failed') problems.push(`${outcome.target}: failed: ${outcome.reason}`);
    if (outcome.kind !== 'measured') continue;
    const m = outcome.measurement;
    if (m.non2xx === 0 && m.errors === 0) continue;
    const statuses = Object.entries(m.statusCounts)
      .filter(([status]) => !status.startsWith('2'))
      .map(([status, count]) => `${status}: ${count}`)
      .join(', ');
    problems.push(
      `${outcome.target}: ${m.non2xx} non-2xx responses${statuses ? ` (${statuses})` : ''}, ${m.errors} errors (${m.timeouts} of them timeouts)`,
    );
  }
  return problems;
}
