import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { ComparedFactor } from '@dcap/core';

/**
 * A stand-in for a remote randomisation service, speaking the protocol of modules/randomisation/remote-http.ts
 * on 127.0.0.1 (a random port) with its state in memory: tests start one and point REMOTE_RANDOMISATION_URL at
 * it, so the real adapter is exercised and nothing leaves the machine. Each study has its factors, its site
 * codes and its arms; allocations are idempotent per subject; `failNext` makes the next call fail in one of
 * the ways a real service can; `calls` records every request.
 */
export interface FakeStudy {
  factors: ComparedFactor[];
  sites: string[];
  /** Given in turn to each new subject of the study. */
  arms: string[];
}

export type FakeFailure =
  /** 404 `site_unknown`, whatever the site. */
  | 'siteUnknown'
  /** 422 `strata`, whatever the factors. */
  | 'strata'
  /** 503 with an error body. */
  | 'serverError'
  /** 200 with a body that is not JSON. */
  | 'garbage'
  /** 200 with JSON of the wrong shape. */
  | 'wrongShape'
  /** No answer at all, until the client gives up (its timeout). */
  | 'hang'
  /** The connection closed without an answer. */
  | 'drop';

export type FakeEndpoint = 'randomise' | 'factors' | 'sites';

export interface FakeCall {
  method: string;
  path: string;
  endpoint: FakeEndpoint | null;
  authorization: string | undefined;
  body: unknown;
  /** The status answered, or null when the call was left hanging or dropped. */
  status: number | null;
}

interface FakeAllocation {
  site: string;
  arm: string;
  randomNo: string;
  ref: string;
}

const ROUTE = /^\/studies\/([^/]+)\/(randomisations|factors|sites)$/;
const ENDPOINTS: Record<string, FakeEndpoint> = { randomisations: 'randomise', factors: 'factors', sites: 'sites' };

export class RemoteRandomisationFake {
  readonly calls: FakeCall[] = [];
  private readonly studies = new Map<string, FakeStudy>();
  private readonly allocations = new Map<string, Map<string, FakeAllocation>>();
  private readonly failures: { failure: FakeFailure; on: FakeEndpoint | null }[] = [];

  private constructor(
    private readonly server: http.Server,
    readonly url: string,
    /** The bearer token every call must carry, or none to accept any. */
    private readonly token: string | undefined,
  ) {}

  static async start(options: { token?: string } = {}): Promise<RemoteRandomisationFake> {
    const server = http.createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    const fake = new RemoteRandomisationFake(server, `http://127.0.0.1:${String(port)}/api`, options.token);
    server.on('request', (request: http.IncomingMessage, response: http.ServerResponse) => {
      void fake.handle(request, response);
    });
    return fake;
  }

  /** Sets (or replaces) a study's factors, sites and arms; its allocations are kept. */
  setStudy(code: string, study: FakeStudy): void {
    this.studies.set(code, structuredClone(study));
  }

  study(code: string): FakeStudy | undefined {
    return this.studies.get(code);
  }

  /** The allocations the service has made for a study, by subject. */
  allocationsOf(code: string): ReadonlyMap<string, FakeAllocation> {
    return this.allocations.get(code) ?? new Map();
  }

  /** The next call (to `on` only, when given) fails this way; several queue in order. */
  failNext(failure: FakeFailure, on?: FakeEndpoint): void {
    this.failures.push({ failure, on: on ?? null });
  }

  callsTo(endpoint: FakeEndpoint): FakeCall[] {
    return this.calls.filter((call) => call.endpoint === endpoint);
  }

  async close(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve, reject) => this.server.close((error) => (error ? reject(error) : resolve())));
  }

  private async handle(request: http.IncomingMessage, response: http.ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const text = Buffer.concat(chunks).toString('utf8');
    const url = new URL(request.url ?? '/', 'http://fake');
    const path = url.pathname.replace(/^\/api/, '');
    const match = ROUTE.exec(path);
    const endpoint = match ? (ENDPOINTS[match[2] ?? ''] ?? null) : null;
    let body: unknown = null;
    try {
      body = text === '' ? null : JSON.parse(text);
    } catch {
      body = text;
    }
    const call: FakeCall = { method: request.method ?? '', path, endpoint, authorization: request.headers.authorization, body, status: null };
    this.calls.push(call);
    const send = (status: number, payload: unknown, raw?: string) => {
      call.status = status;
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(raw ?? JSON.stringify(payload));
    };

    const index = this.failures.findIndex((failure) => failure.on === null || failure.on === endpoint);
    const failure = index >= 0 ? this.failures.splice(index, 1)[0]?.failure : undefined;
    switch (failure) {
      case 'siteUnknown':
        return send(404, { error: 'site_unknown', message: 'no such site' });
      case 'strata':
        return send(422, { error: 'strata', message: 'stratification differs' });
      case 'serverError':
        return send(503, { error: 'unavailable' });
      case 'garbage':
        return send(200, null, '<html>maintenance</html>');
      case 'wrongShape':
        return send(200, { allocation: 'A', factors: 'none', sites: 3 });
      case 'hang':
        return;
      case 'drop':
        request.socket.destroy();
        return;
      case undefined:
        break;
    }

    if (this.token !== undefined && request.headers.authorization !== `Bearer ${this.token}`) return send(401, { error: 'unauthorised' });
    const code = decodeURIComponent(match?.[1] ?? '');
    const study = this.studies.get(code);
    if (!match || !study) return send(404, { error: 'study_unknown' });
    if (endpoint === 'factors' && request.method === 'GET') return send(200, { factors: study.factors });
    if (endpoint === 'sites' && request.method === 'GET') return send(200, { sites: study.sites });
    if (endpoint === 'randomise' && request.method === 'POST') return this.randomise(code, study, body, send);
    return send(405, { error: 'method' });
  }

  private randomise(code: string, study: FakeStudy, body: unknown, send: (status: number, payload: unknown) => void): void {
    const asked = body as { site?: unknown; subject?: unknown; factors?: unknown } | null;
    if (typeof asked?.site !== 'string' || typeof asked.subject !== 'string' || !Array.isArray(asked.factors)) return send(400, { error: 'bad_request' });
    const made = this.allocations.get(code) ?? new Map<string, FakeAllocation>();
    this.allocations.set(code, made);
    // Idempotent per subject: the allocation already made is the answer.
    const earlier = made.get(asked.subject);
    if (earlier) return send(200, { arm: earlier.arm, randomNo: earlier.randomNo, ref: earlier.ref });
    if (!study.sites.includes(asked.site)) return send(404, { error: 'site_unknown' });
    const given = asked.factors as { code?: unknown; option?: unknown }[];
    const fits =
      given.length === study.factors.length &&
      study.factors.every((factor, position) => given[position]?.code === factor.code && factor.options.some((option) => option.code === given[position]?.option));
    if (!fits) return send(422, { error: 'strata' });
    const n = made.size + 1;
    const allocation = { site: asked.site, arm: study.arms[(n - 1) % study.arms.length] ?? '', randomNo: `RR${String(n).padStart(4, '0')}`, ref: `${code}-${String(n)}` };
    made.set(asked.subject, allocation);
    send(201, { arm: allocation.arm, randomNo: allocation.randomNo, ref: allocation.ref });
  }
}
