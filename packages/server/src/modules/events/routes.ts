import { eventMatrixSchema, eventProjectParamsSchema, eventRefSchema, eventSchema, saveEventSchema, saveMatrixSchema, sortEventsSchema } from '@dcap/core';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { ServiceDeps } from '../../deps.js';
import { fromBody, fromParams } from '../../http/locate.js';
import type { RouteRegistry } from '../../http/route.js';
import { deleteEvent, getMatrix, listEvents, saveEvent, saveMatrix, sortEvents } from './service.js';

const TAG = 'events';

/** Events (visits) and the event × instrument matrix of a project's design. */
export function registerEventRoutes(app: FastifyInstance, routes: RouteRegistry, deps: ServiceDeps): void {
  routes.add(app, {
    method: 'GET',
    url: '/dcap/project/event/list/:projectId',
    summary: 'The project’s events in order, each with its assigned instruments',
    tag: TAG,
    access: { project: 'project.view', locate: fromParams },
    params: eventProjectParamsSchema,
    response: z.array(eventSchema),
    handler: ({ project }) => listEvents(deps, project),
  });
  routes.add(app, {
    method: 'POST',
    url: '/dcap/project/event/save',
    summary: 'Create or update an event with its type, planned day and window (development environment)',
    tag: TAG,
    access: { project: 'design.edit', locate: fromBody },
    body: saveEventSchema,
    response: eventSchema,
    handler: ({ caller, body }) => saveEvent(deps, caller, body),
  });
  routes.add(app, {
    method: 'POST',
    url: '/dcap/project/event/delete',
    summary: 'Delete an event and its matrix cells',
    tag: TAG,
    access: { project: 'design.edit', locate: fromBody },
    body: eventRefSchema,
    response: z.object({ id: z.number() }),
    handler: ({ caller, body }) => deleteEvent(deps, caller, body.id),
  });
  routes.add(app, {
    method: 'POST',
    url: '/dcap/project/event/sort',
    summary: 'Reorder the events: every event id of the project in the new order',
    tag: TAG,
    access: { project: 'design.edit', locate: fromBody },
    body: sortEventsSchema,
    response: z.array(eventSchema),
    handler: ({ caller, body }) => sortEvents(deps, caller, body.ids),
  });
  routes.add(app, {
    method: 'GET',
    url: '/dcap/project/eventInstrument/matrix/:projectId',
    summary: 'Events, instruments and the cells assigning instruments to events',
    tag: TAG,
    access: { project: 'project.view', locate: fromParams },
    params: eventProjectParamsSchema,
    response: eventMatrixSchema,
    handler: ({ project }) => getMatrix(deps, project),
  });
  routes.add(app, {
    method: 'POST',
    url: '/dcap/project/eventInstrument/saveMatrix',
    summary: 'Replace the event × instrument matrix with the given cells',
    tag: TAG,
    access: { project: 'design.edit', locate: fromBody },
    body: saveMatrixSchema,
    response: eventMatrixSchema,
    handler: ({ caller, body }) => saveMatrix(deps, caller, body.cells),
  });
}
