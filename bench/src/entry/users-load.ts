import http from 'node:http';
import { describeError } from '../describe-error.js';

/**
 * A closed-loop load of a fixed number of users: each user sends one request, waits for its answer, and
 * sends the next, for a bounded time. Unlike a request generator (autocannon), each user carries state from
 * one answer to its next request: the panel version a save answered is the version the next save is based
 * on. Every user has its own keep-alive connection, as a browser would.
 */
export interface User {
  /** The request to send now: path, headers and JSON body. */
  next(): { path: string; headers: Record<string, string>; body: string };
  /** Takes a 2xx answer's body in (the new version); throws when the body is not what was expected. */
  accept(body: string): void;
}

export interface UsersMeasurement {
  savesPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
  total: number;
  non2xx: number;
  errors: number;
  statusCounts: Record<string, number>;
  /** The first failure, to show what went wrong. */
  firstProblem: string | null;
}

export interface UsersLoadOptions {
  baseUrl: string;
  users: User[];
  seconds: number;
  signal: AbortSignal;
  /** Called once every user has started, right before the clock starts (to open a memory window). */
  onStart?: () => void;
  /**
   * Paced load: each user sends a request every `paceMs` (the users spread evenly over the first period), or
   * at once when its previous answer came later than that. Without it each user sends its next request as
   * soon as the last is answered: the server's saturation.
   */
  paceMs?: number;
}

const REQUEST_TIMEOUT_MS = 30_000;

interface Answer {
  status: number;
  body: string;
}

function send(agent: http.Agent, url: URL, request: ReturnType<User['next']>): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      url,
      {
        method: 'POST',
        agent,
        headers: { ...request.headers, 'content-type': 'application/json', 'content-length': Buffer.byteLength(request.body) },
        timeout: REQUEST_TIMEOUT_MS,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }));
        res.on('error', reject);
      },
    );
    req.on('timeout', () => req.destroy(new Error(`no answer within ${REQUEST_TIMEOUT_MS / 1000} s`)));
    req.on('error', reject);
    req.end(request.body);
  });
}

function percentile(sorted: number[], share: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * share) - 1)] ?? 0;
}

/** Runs every user in its loop for `seconds` and reports throughput and latency of the answers. */
export async function runUsers(options: UsersLoadOptions): Promise<UsersMeasurement> {
  const latencies: number[] = [];
  const statusCounts: Record<string, number> = {};
  let non2xx = 0;
  let errors = 0;
  let firstProblem: string | null = null;
  const problem = (text: string) => {
    firstProblem ??= text;
  };
  const agents = options.users.map(() => new http.Agent({ keepAlive: true, maxSockets: 1 }));
  options.onStart?.();
  const started = performance.now();
  const end = started + options.seconds * 1000;
  try {
    await Promise.all(
      options.users.map(async (user, index) => {
        const agent = agents[index];
        if (!agent) return;
        const pace = options.paceMs;
        let due = started + (pace === undefined ? 0 : (pace * index) / options.users.length);
        while (performance.now() < end && !options.signal.aborted) {
          if (pace !== undefined) {
            const wait = due - performance.now();
            due += pace;
            if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
            if (performance.now() >= end) break;
          }
          const request = user.next();
          const sentAt = performance.now();
          let answer: Answer;
          try {
            answer = await send(agent, new URL(request.path, options.baseUrl), request);
          } catch (error) {
            errors += 1;
            problem(`user ${index + 1}: ${describeError(error)}`);
            continue;
          }
          latencies.push(performance.now() - sentAt);
          statusCounts[answer.status] = (statusCounts[answer.status] ?? 0) + 1;
          if (answer.status < 200 || answer.status >= 300) {
            non2xx += 1;
            problem(`user ${index + 1}: HTTP ${answer.status}: ${answer.body.slice(0, 300)}`);
            // A refused save leaves the user's version as it was; carrying on would only repeat the refusal.
            return;
          }
          try {
            user.accept(answer.body);
          } catch (error) {
            errors += 1;
            problem(`user ${index + 1}: ${describeError(error)}`);
            return;
          }
        }
      }),
    );
  } finally {
    for (const agent of agents) agent.destroy();
  }
  const elapsedSeconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return {
    savesPerSecond: (latencies.length - non2xx) / elapsedSeconds,
    p50Ms: percentile(latencies, 0.5),
    p99Ms: percentile(latencies, 0.99),
    maxMs: latencies.at(-1) ?? 0,
    total: latencies.length,
    non2xx,
    errors,
    statusCounts,
    firstProblem,
  };
}
