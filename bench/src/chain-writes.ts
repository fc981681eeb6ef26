import pg from 'pg';
import type { Measurement } from './load.js';

/**
 * Audited transactions straight against the database, to show what the audit chain's lock costs when
 * several projects write at once. Each transaction writes one audit row to its project's chain and then
 * holds the transaction open for `holdMs`, as a data-entry save does while it writes its other rows and
 * commits. Writers of one chain wait for each other until commit (docs/security.md); the figure to read is
 * how the commit rate grows from one project to two.
 */
export interface ChainWriteOptions {
  url: string;
  projects: number;
  clients: number;
  seconds: number;
  holdMs: number;
  signal: AbortSignal;
}

function percentile(sorted: number[], share: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * share))] ?? 0;
}

export async function runChainWrites(options: ChainWriteOptions): Promise<Measurement> {
  const pool = new pg.Pool({ connectionString: options.url, max: options.clients });
  const latencies: number[] = [];
  let errors = 0;
  const end = Date.now() + options.seconds * 1000;
  try {
    await Promise.all(
      Array.from({ length: options.clients }, async (_, client) => {
        const connection = await pool.connect();
        const projectId = 1 + (client % options.projects);
        try {
          while (Date.now() < end && !options.signal.aborted) {
            const started = performance.now();
            try {
              await connection.query('BEGIN');
              await connection.query("INSERT INTO audit_log (action, entity_type, project_id) VALUES ('bench.write', 'bench', $1)", [projectId]);
              if (options.holdMs > 0) await connection.query('SELECT pg_sleep($1)', [options.holdMs / 1000]);
              await connection.query('COMMIT');
              latencies.push(performance.now() - started);
            } catch {
              errors += 1;
              await connection.query('ROLLBACK').catch(() => undefined);
            }
          }
        } finally {
          connection.release();
        }
      }),
    );
  } finally {
    await pool.end();
  }
  latencies.sort((a, b) => a - b);
  return {
    requestsPerSecond: latencies.length / options.seconds,
    p50Ms: percentile(latencies, 0.5),
    p99Ms: percentile(latencies, 0.99),
    total: latencies.length,
    non2xx: 0,
    errors,
    timeouts: 0,
    statusCounts: {},
  };
}
