/**
 * Where role routes find their project. Inputs are parsed before a locator runs, so the casts only name
 * the parsed shapes. A hint that is absent sends the route to the session's current project (the spec's
 * calls that name only a role rely on the session, spec 000 §7.3).
 */
export const fromParams = ({ params }: { params: unknown }) => (params as { projectId: number }).projectId;
export const fromBody = ({ body }: { body: unknown }) => (body as { projectId: number }).projectId;
export const fromQuery = ({ query }: { query: unknown }) => (query as { projectId?: number }).projectId;
