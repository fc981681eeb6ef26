/**
 * Where project-scoped routes find their project: a `projectId` in the path, body or query. Inputs are
 * parsed by the route's schemas before a locator runs, so the casts only name the parsed shapes. An absent
 * id sends the route to the session's current project (the spec's calls that name only a role or site
 * rely on the session, spec 000 §7.3).
 */
export const fromParams = ({ params }: { params: unknown }) => (params as { projectId: number }).projectId;
export const fromBody = ({ body }: { body: unknown }) => (body as { projectId: number }).projectId;
export const fromQuery = ({ query }: { query: unknown }) => (query as { projectId?: number }).projectId;
