/**
 * The audited-write scenarios of the API benchmark: the same load on one project, then spread over two.
 * Each connection renames its own site back and forth (POST /dcap/projectSite/save), so every request is
 * one transaction that writes one audit row and no two connections contend for the same site row. With
 * two projects, connections alternate between them: what one project's writers wait for, beyond their own
 * rows, is shared machinery such as the audit chain (docs/security.md). Run side by side on the same
 * machine, the two figures compare under the same load; with unrelated projects independent, two
 * projects should go faster than one.
 */

const REQUEST_TIMEOUT_MS = 10_000;

/** The sites made for one run, spread evenly over the projects. */
export interface WriteFixture {
  sites: { id: number; projectId: number; unitId: number; code: string }[];
}

interface Envelope {
  code: unknown;
  msg: unknown;
  data: unknown;
}

async function call(baseUrl: string, token: string, path: string, body?: unknown): Promise<unknown> {
  const method = body === undefined ? 'GET' : 'POST';
  const response = await fetch(`${baseUrl}${path}`, {
    method,
    headers: body === undefined ? { token } : { token, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
    signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
  });
  const envelope = (await response.json()) as Envelope;
  if (!response.ok || envelope.code !== 0) throw new Error(`${method} ${path} failed: HTTP ${response.status}, ${JSON.stringify(envelope.msg)}`);
  return envelope.data;
}

const post = (baseUrl: string, token: string, path: string, body: unknown): Promise<unknown> => call(baseUrl, token, path, body);

const idOf = (data: unknown): number => {
  const id = (data as { id?: unknown }).id;
  if (typeof id !== 'number') throw new Error(`expected an id in ${JSON.stringify(data)}`);
  return id;
};

/** Projects applied for by the administrator, and one site per connection, each on its own unit. */
export async function prepareWrites(baseUrl: string, token: string, connections: number, projectCount: number): Promise<WriteFixture> {
  const projects: number[] = [];
  for (let p = 0; p < projectCount; p += 1) {
    const projectId = idOf(await post(baseUrl, token, '/dcap/project/apply', { code: `BENCH-${p}`, name: `Bench study ${p}` }));
    // Spec 000 §4.3: sites are configured from config on, so the project first leaves set-up.
    await call(baseUrl, token, `/dcap/project/nextStep/${projectId}/0`);
    projects.push(projectId);
  }
  const sites: WriteFixture['sites'] = [];
  for (let i = 0; i < connections; i += 1) {
    const projectId = projects[i % projectCount] ?? 0;
    const code = `S${i}`;
    const unitId = idOf(await post(baseUrl, token, '/dcap/sys/unit/save', { code: `BENCHU${i}`, name: `Bench unit ${i}` }));
    const site = idOf(await post(baseUrl, token, '/dcap/projectSite/save', { projectId, unitId, code }));
    sites.push({ id: site, projectId, unitId, code });
  }
  return { sites };
}

/**
 * The body of each request: a connection takes the next free site on its first request and then flips
 * that site's name, so every save changes something and writes an audit row.
 */
export function siteRenames(fixture: WriteFixture): (connection: Record<string, unknown>) => string {
  let next = 0;
  return (connection) => {
    if (typeof connection.site !== 'number') {
      connection.site = next % fixture.sites.length;
      connection.flips = 0;
      next += 1;
    }
    const site = fixture.sites[connection.site as number];
    if (!site) throw new Error('no site for this connection');
    const flips = (connection.flips as number) + 1;
    connection.flips = flips;
    return JSON.stringify({ id: site.id, projectId: site.projectId, unitId: site.unitId, code: site.code, name: `Site ${site.code} ${flips % 2}` });
  };
}
