import http from 'node:http';
import { describeError } from '../describe-error.js';

/**
 * Randomisations over real HTTP by a fixed number of users, each with its own keep-alive connection and
 * session: a user randomises its subjects one after another, each request sent as the last is answered, so
 * the users queue on the scheme's lock as a study's sites would at their busiest.
 */
export interface RandomiseLoad {
  /** Successful randomisations per second over the whole run. */
  perSecond: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
  /** Randomisations answered 200. */
  count: number;
  failures: number;
  firstProblem: string | null;
}

const REQUEST_TIMEOUT_MS = 60_000;

function post(agent: http.Agent, url: URL, token: string, body: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      url,
      { method: 'POST', agent, timeout: REQUEST_TIMEOUT_MS, headers: { token, 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) } },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }));
        response.on('error', reject);
      },
    );
    request.on('timeout', () => request.destroy(new Error(`no answer within ${String(REQUEST_TIMEOUT_MS / 1000)} s`)));
    request.on('error', reject);
    request.end(body);
  });
}

function percentile(sorted: number[], share: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * share) - 1)] ?? 0;
}

/** User i randomises `work[i]` in order; answers throughput and latency of the whole run. */
export async function randomiseConcurrently(baseUrl: string, tokens: readonly string[], work: readonly (readonly { id: number; version: number }[])[], signal: AbortSignal): Promise<RandomiseLoad> {
  const url = new URL('/dcap/balance/randomise', baseUrl);
  const latencies: number[] = [];
  let count = 0;
  let failures = 0;
  let firstProblem: string | null = null;
  const agents = tokens.map(() => new http.Agent({ keepAlive: true, maxSockets: 1 }));
  const started = performance.now();
  try {
    await Promise.all(
      tokens.map(async (token, index) => {
        const agent = agents[index];
        if (!agent) return;
        for (const subject of work[index] ?? []) {
          if (signal.aborted) return;
          const body = JSON.stringify({ subjectId: subject.id, version: subject.version, firstDrugNo: `KIT-${String(subject.id)}` });
          const sentAt = performance.now();
          try {
            const answer = await post(agent, url, token, body);
            latencies.push(performance.now() - sentAt);
            if (answer.status === 200) count += 1;
            else {
              failures += 1;
              firstProblem ??= `user ${String(index + 1)}, subject ${String(subject.id)}: HTTP ${String(answer.status)} ${answer.body.slice(0, 300)}`;
            }
          } catch (error) {
            failures += 1;
            firstProblem ??= `user ${String(index + 1)}, subject ${String(subject.id)}: ${describeError(error)}`;
          }
        }
      }),
    );
  } finally {
    for (const agent of agents) agent.destroy();
  }
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return { perSecond: count / seconds, p50Ms: percentile(latencies, 0.5), p99Ms: percentile(latencies, 0.99), maxMs: latencies.at(-1) ?? 0, count, failures, firstProblem };
}
