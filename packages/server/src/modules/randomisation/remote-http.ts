import type { ComparedFactor } from '@dcap/core';
import { z } from 'zod';
import type { RemoteAllocation, RemoteFailure, RemoteRandomisation, RemoteRandomisationRequest } from './remote.js';
import { RemoteRandomisationError } from './remote.js';

/**
 * The remote randomisation service over HTTP (docs/decisions.md, "Remote randomisation protocol"). Every
 * call carries `Authorization: Bearer <token>` and gives up after the configured timeout; answers are JSON
 * and checked against the shapes below, so a service that answers something else is a failure, never a
 * half-read allocation.
 *
 *   POST {base}/studies/{study}/randomisations  { site, subject, factors: [{ code, option }] }
 *        → 200 or 201 { arm, randomNo, ref }; asking again for the same subject answers the same allocation
 *   GET  {base}/studies/{study}/factors  → 200 { factors: [{ code, name, nameEn?, options: [{ code, label, labelEn? }] }] }
 *   GET  {base}/studies/{study}/sites    → 200 { sites: [code, …] }
 *
 * A refusal is a 4xx answer `{ error, message? }`: 404 `site_unknown` (the site code is not one of the
 * study's at the service) and 422 `strata` (the factors sent do not fit the service's stratification) name
 * the spec's messages; anything else (another error, 5xx, a timeout, no connection, an answer that is not
 * the protocol's) is the service failing.
 */
export interface RemoteHttpSettings {
  url: string;
  token: string | undefined;
  timeoutMs: number;
}

const allocationSchema = z.object({ arm: z.string().min(1), randomNo: z.string().min(1), ref: z.string().min(1) });
const factorsSchema = z.object({
  factors: z.array(
    z.object({
      code: z.string(),
      name: z.string(),
      nameEn: z.string().optional(),
      options: z.array(z.object({ code: z.string(), label: z.string(), labelEn: z.string().optional() })),
    }),
  ),
});
const sitesSchema = z.object({ sites: z.array(z.string()) });
const refusalSchema = z.object({ error: z.string(), message: z.string().optional() });

/** The refusals that name one of the spec's messages; every other answer that is not success is a failure. */
function refusalKind(status: number, error: string): RemoteFailure {
  if (status === 404 && error === 'site_unknown') return 'siteMapping';
  if (status === 422 && error === 'strata') return 'strataConfig';
  return 'failed';
}

export function createHttpRemoteRandomisation(settings: RemoteHttpSettings): RemoteRandomisation {
  const base = settings.url.replace(/\/+$/, '');
  const studyUrl = (study: string, tail: string) => `${base}/studies/${encodeURIComponent(study)}/${tail}`;

  async function call<T>(method: 'GET' | 'POST', url: string, schema: z.ZodType<T>, body?: unknown): Promise<T> {
    const headers: Record<string, string> = { accept: 'application/json' };
    if (settings.token) headers.authorization = `Bearer ${settings.token}`;
    if (body !== undefined) headers['content-type'] = 'application/json';
    let status: number;
    let text: string;
    try {
      // One deadline for the whole exchange: connecting, the answer's head and its body.
      const response = await fetch(url, { method, headers, body: body === undefined ? undefined : JSON.stringify(body), signal: AbortSignal.timeout(settings.timeoutMs) });
      status = response.status;
      text = await response.text();
    } catch (error) {
      const timedOut = error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
      throw new RemoteRandomisationError('failed', timedOut ? `${method} ${url}: no answer within ${String(settings.timeoutMs)} ms` : `${method} ${url}: ${error instanceof Error ? error.message : String(error)}`);
    }
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      throw new RemoteRandomisationError('failed', `${method} ${url}: HTTP ${String(status)}, not JSON`);
    }
    if (status < 200 || status >= 300) {
      const refusal = refusalSchema.safeParse(json);
      const error = refusal.success ? refusal.data.error : 'unknown';
      throw new RemoteRandomisationError(refusalKind(status, error), `${method} ${url}: HTTP ${String(status)} ${error}`);
    }
    const parsed = schema.safeParse(json);
    if (!parsed.success) throw new RemoteRandomisationError('failed', `${method} ${url}: the answer is not the protocol's`);
    return parsed.data;
  }

  return {
    async randomise(request: RemoteRandomisationRequest): Promise<RemoteAllocation> {
      const { site, subject, factors } = request;
      return call('POST', studyUrl(request.study, 'randomisations'), allocationSchema, { site, subject, factors });
    },
    async factors(study: string): Promise<ComparedFactor[]> {
      return (await call('GET', studyUrl(study, 'factors'), factorsSchema)).factors;
    },
    async sites(study: string): Promise<string[]> {
      return (await call('GET', studyUrl(study, 'sites'), sitesSchema)).sites;
    },
  };
}
