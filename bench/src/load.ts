import autocannon from 'autocannon';
import { describeError } from './describe-error.js';

export interface LoadOptions {
  url: string;
  headers: Record<string, string>;
  seconds: number;
  connections: number;
  /**
   * Makes each request a POST with this JSON body instead of a GET. `connection` is the same object for
   * every request of one connection, so a connection can keep to its own rows.
   */
  postBody?: (connection: Record<string, unknown>) => string;
  /** Ends the run early (Ctrl-C); what was measured so far is still returned. */
  signal: AbortSignal;
}

/** What one measured run produced; latencies in milliseconds. */
export interface Measurement {
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  total: number;
  non2xx: number;
  /** Connection errors and timeouts (autocannon counts timeouts among errors). */
  errors: number;
  timeouts: number;
  /** Responses per HTTP status, to say which non-2xx came back. */
  statusCounts: Record<string, number>;
}

/** A request that takes longer than this counts as an error rather than stalling a connection. */
const REQUEST_TIMEOUT_SECONDS = 10;
/** autocannon stops itself after `seconds`; this is the bound for a run that somehow does not. */
const OVERRUN_SECONDS = 30;

function statusCounts(result: autocannon.Result): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const [status, stats] of Object.entries(result.statusCodeStats ?? {})) counts[status] = stats.count ?? 0;
  return counts;
}

function toMeasurement(result: autocannon.Result): Measurement {
  return {
    requestsPerSecond: result.requests.mean,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    total: result.requests.total,
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
    statusCounts: statusCounts(result),
  };
}

function postRequest(body: (connection: Record<string, unknown>) => string): autocannon.Request {
  return {
    method: 'POST',
    setupRequest: (request, context) => ({
      ...request,
      method: 'POST',
      headers: { ...request.headers, 'content-type': 'application/json' },
      body: body(context as Record<string, unknown>),
    }),
  };
}

/** Keeps `connections` requests in flight against `url` for `seconds` and reports what came back. */
export function runLoad(options: LoadOptions): Promise<Measurement> {
  return new Promise((resolve, reject) => {
    if (options.signal.aborted) {
      reject(new Error('interrupted'));
      return;
    }
    // Both are set up before the run starts: autocannon calls back synchronously when it rejects the options.
    const stop = () => instance.stop();
    const overrun = setTimeout(stop, (options.seconds + OVERRUN_SECONDS) * 1000);
    options.signal.addEventListener('abort', stop, { once: true });
    const instance = autocannon(
      {
        url: options.url,
        headers: options.headers,
        connections: options.connections,
        duration: options.seconds,
        timeout: REQUEST_TIMEOUT_SECONDS,
        ...(options.postBody ? { requests: [postRequest(options.postBody)] } : {}),
      },
      (error: unknown, result: autocannon.Result) => {
        clearTimeout(overrun);
        options.signal.removeEventListener('abort', stop);
        if (error) reject(error instanceof Error ? error : new Error(describeError(error)));
        else resolve(toMeasurement(result));
      },
    );
  });
}
