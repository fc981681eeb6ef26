import {
  copyTemplateSchema,
  instrumentIdParamsSchema,
  instrumentProjectParamsSchema,
  instrumentRefSchema,
  instrumentSchema,
  instrumentVersionParamsSchema,
  panelDataSchema,
  previewInstrumentSchema,
  previewTemplatePanelSchema,
  projectHintQuerySchema,
  savePanelResultSchema,
  savePanelSchema,
  saveInstrumentSchema,
  saveWidgetSchema,
  sortInstrumentsSchema,
  templatePanelSchema,
  uploadInstrumentsSchema,
} from '@dcap/core';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { ServiceDeps } from '../../deps.js';
import { fromBody, fromParams, fromQuery } from '../../http/locate.js';
import type { RouteRegistry } from '../../http/route.js';
import { fileReplySchema } from '../../http/route.js';
import { downloadAll, downloadInstrument, downloadTemplate, uploadInstruments } from './file-service.js';
import { savePanel, saveWidget } from './panel-service.js';
import {
  copyInstrument,
  deleteInstrument,
  listInstruments,
  previewInstrument,
  previewVersion,
  saveInstrument,
  sortInstruments,
} from './service.js';
import { copyTemplate, previewTemplatePanel } from './template-service.js';

const TAG = 'instruments';

/**
 * The instrument calls of spec 002 §7 and the panel save calls of spec 001 §7. Calls naming only an
 * instrument act in the session's current project, or in `?projectId=`. A refused panel is answered with its
 * issues (422, `data.issues`) by the application's error handler.
 */
export async function registerInstrumentRoutes(app: FastifyInstance, routes: RouteRegistry, deps: ServiceDeps): Promise<void> {
  await app.register((scope, _options, done) => {
    addRoutes(scope, routes, deps);
    done();
  });
}

function addRoutes(app: FastifyInstance, routes: RouteRegistry, deps: ServiceDeps): void {
  routes.add(app, {
    method: 'GET',
    url: '/dcap/project/instrument/list/:projectId',
    summary: 'The project’s instruments in order, each with its field count and whether it changed since publishing',
    tag: TAG,
    access: { project: 'project.view', locate: fromParams },
    params: instrumentProjectParamsSchema,
    response: z.array(instrumentSchema),
    handler: ({ project }) => listInstruments(deps, project),
  });
  routes.add(app, {
    method: 'POST',
    url: '/dcap/project/instrument/save',
    summary: 'Create an instrument with an empty draft, or rename one (development environment)',
    tag: TAG,
    access: { project: 'design.edit', locate: fromBody },
    body: saveInstrumentSchema,
    response: instrumentSchema,
    handler: ({ caller, body }) => saveInstrument(deps, caller, body),
  });
  routes.add(app, {
    method: 'POST',
    url: '/dcap/project/instrument/copyTemplate',
    summary: 'Create a form instrument from a panel template of the library',
    tag: TAG,
    access: { project: 'design.edit', locate: fromBody },
    body: copyTemplateSchema,
    response: instrumentSchema,
    handler: ({ caller, body }) => copyTemplate(deps, caller, body),
  });
  routes.add(app, {
    method: 'POST',
    url: '/dcap/project/instrument/preview',
    summary: 'An instrument’s draft panel, or its latest published panel',
    tag: TAG,
    access: { project: 'project.view', locate: fromQuery },
    query: projectHintQuerySchema,
    body: previewInstrumentSchema,
    response: panelDataSchema,
    handler: ({ project, body }) => previewInstrument(deps, project, body.instrumentId, body.configMode ?? 'draft'),
  });
  routes.add(app, {
    method: 'POST',
    url: '/dcap/project/instrument/previewTemplatePanel',
    summary: 'A panel template’s panel',
    tag: TAG,
    access: 'signedIn',
    body: previewTemplatePanelSchema,
    response: templatePanelSchema,
    handler: ({ body }) => previewTemplatePanel(deps, body.templateId),
  });
  routes.add(app, {
    method: 'POST',
    url: '/dcap/project/instrument/delete',
    summary: 'Delete an instrument and its matrix cells; published versions keep their snapshot',
    tag: TAG,
    access: { project: 'design.edit', locate: fromBody },
    body: instrumentRefSchema,
    response: z.object({ id: z.number() }),
    handler: ({ caller, body }) => deleteInstrument(deps, caller, body.id),
  });
  routes.add(app, {
    method: 'POST',
    url: '/dcap/project/instrument/sort',
    summary: 'Reorder the instruments: every instrument id of the project in the new order',
    tag: TAG,
    access: { project: 'design.edit', locate: fromBody },
    body: sortInstrumentsSchema,
    response: z.array(instrumentSchema),
    handler: ({ caller, body }) => sortInstruments(deps, caller, body.ids),
  });
  routes.add(app, {
    method: 'GET',
    url: '/dcap/project/instrument/copy/:id',
    summary: 'Copy an instrument inside its project under a new abbreviation',
    tag: TAG,
    access: { project: 'design.edit', locate: fromQuery },
    params: instrumentIdParamsSchema,
    query: projectHintQuerySchema,
    response: instrumentSchema,
    handler: ({ caller, params }) => copyInstrument(deps, caller, params.id),
  });
  routes.add(app, {
    method: 'GET',
    url: '/dcap/project/instrument/downloadTemplate/',
    summary: 'An example instrument file showing the upload format',
    tag: TAG,
    access: 'signedIn',
    raw: true,
    response: fileReplySchema,
    handler: () => Promise.resolve(downloadTemplate()),
  });
  routes.add(app, {
    method: 'GET',
    url: '/dcap/project/instrument/download/:id',
    summary: 'One instrument’s draft as a JSON file',
    tag: TAG,
    access: { project: 'project.view', locate: fromQuery },
    params: instrumentIdParamsSchema,
    query: projectHintQuerySchema,
    raw: true,
    response: fileReplySchema,
    handler: ({ project, params }) => downloadInstrument(deps, project, params.id),
  });
  routes.add(app, {
    method: 'GET',
    url: '/dcap/project/instrument/downloadAll/:projectId',
    summary: 'Every instrument of the project as one JSON file',
    tag: TAG,
    access: { project: 'project.view', locate: fromParams },
    params: instrumentProjectParamsSchema,
    raw: true,
    response: fileReplySchema,
    handler: ({ project }) => downloadAll(deps, project),
  });
  routes.add(app, {
    method: 'POST',
    url: '/dcap/project/instrument/upload',
    summary: 'Add (append) or replace instruments from a JSON file; any invalid panel refuses the whole file',
    tag: TAG,
    access: { project: 'design.edit', locate: fromBody },
    body: uploadInstrumentsSchema,
    response: z.array(instrumentSchema),
    handler: ({ caller, body }) => uploadInstruments(deps, caller, body.file, body.mode),
  });
  routes.add(app, {
    method: 'GET',
    url: '/dcap/project/instrument/preview/:instrumentId/:version',
    summary: 'An instrument’s panel as a published design version holds it',
    tag: TAG,
    access: { project: 'project.view', locate: fromQuery },
    params: instrumentVersionParamsSchema,
    query: projectHintQuerySchema,
    response: panelDataSchema,
    handler: ({ project, params }) => previewVersion(deps, project, params.instrumentId, params.version),
  });
  routes.add(app, {
    method: 'POST',
    url: '/dcap/project/field/saveAllCfg',
    summary: 'Save the whole draft panel of an instrument after checking every rule',
    tag: TAG,
    access: { project: 'design.edit', locate: fromQuery },
    query: projectHintQuerySchema,
    body: savePanelSchema,
    response: savePanelResultSchema,
    handler: ({ caller, body }) => savePanel(deps, caller, body),
  });
  routes.add(app, {
    method: 'POST',
    url: '/dcap/project/field/saveCfg',
    summary: 'Save one widget of a draft panel (replaced by key, or appended)',
    tag: TAG,
    access: { project: 'design.edit', locate: fromQuery },
    query: projectHintQuerySchema,
    body: saveWidgetSchema,
    response: z.object({ instrumentId: z.number(), revision: z.number() }),
    handler: ({ caller, body }) => saveWidget(deps, caller, body),
  });
  routes.add(app, {
    method: 'POST',
    url: '/dcap/project/externalInstrument/saveFieldCfg',
    summary: 'Save the draft panel of an external instrument',
    tag: TAG,
    access: { project: 'design.edit', locate: fromQuery },
    query: projectHintQuerySchema,
    body: savePanelSchema,
    response: savePanelResultSchema,
    handler: ({ caller, body }) => savePanel(deps, caller, body, 'external'),
  });
  routes.add(app, {
    method: 'POST',
    url: '/dcap/project/derivedInstrument/saveFieldCfg',
    summary: 'Save the draft panel of a derived-variable instrument',
    tag: TAG,
    access: { project: 'design.edit', locate: fromQuery },
    query: projectHintQuerySchema,
    body: savePanelSchema,
    response: savePanelResultSchema,
    handler: ({ caller, body }) => savePanel(deps, caller, body, 'derived'),
  });
}
