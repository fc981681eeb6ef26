import { copyRecordPanelSchema, copySourceSchema, prepareForQuerySchema, recordPanelParamsSchema, recordPanelQuerySchema, recordPanelSchema, saveRecordPanelSchema } from '@dcap/core';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { ServiceDeps } from '../../deps.js';
import type { RouteRegistry } from '../../http/route.js';
import { copyRecordPanel, listCopySources, prepareForQuery, readRecordPanel, saveRecordPanel } from './service.js';

const TAG = 'records';

/** Panel entry (spec 002 §2 "Form panel"): read a panel instance, save it, copy another instance's data. */
export function registerRecordRoutes(app: FastifyInstance, routes: RouteRegistry, deps: ServiceDeps): void {
  routes.add(app, {
    method: 'GET',
    url: '/dcap/project/recordDataManage/panel/:panelInstanceId',
    summary: 'A panel instance for entry: its panel, values, field states, open queries, signatures, project flags and the caller’s rights',
    tag: TAG,
    access: { project: 'record.view', site: 'scoped' },
    params: recordPanelParamsSchema,
    response: recordPanelSchema,
    handler: ({ caller, params }) => readRecordPanel(deps, caller, params.panelInstanceId),
  });
  routes.add(app, {
    method: 'GET',
    url: '/dcap/project/recordDataManage/prepareForQuery',
    summary: 'What the query dialog of a panel instance needs: its stored fields with labels, values, states and queries (spec 002 §7)',
    tag: TAG,
    access: { project: 'record.view', site: 'scoped' },
    query: recordPanelQuerySchema,
    response: prepareForQuerySchema,
    handler: ({ caller, query }) => prepareForQuery(deps, caller, query.panelInstanceId),
  });
  routes.add(app, {
    method: 'POST',
    url: '/dcap/project/recordDataManage/save',
    summary: 'Save a panel instance at the version read: values re-checked by the form engine, reasons for changed saved values, audited per field',
    tag: TAG,
    access: { project: 'record.enter', site: 'scoped' },
    body: saveRecordPanelSchema,
    response: recordPanelSchema,
    successMessage: 'record.saved',
    handler: ({ caller, body }) => saveRecordPanel(deps, caller, body),
  });
  routes.add(app, {
    method: 'GET',
    url: '/dcap/project/recordDataManage/copySources/:panelInstanceId',
    summary: 'The saved instances of the same form of the same subject a panel instance may copy data from',
    tag: TAG,
    access: { project: 'record.view', site: 'scoped' },
    params: recordPanelParamsSchema,
    response: z.array(copySourceSchema),
    handler: ({ caller, params }) => listCopySources(deps, caller, params.panelInstanceId),
  });
  routes.add(app, {
    method: 'POST',
    url: '/dcap/project/recordDataManage/copy',
    summary: 'Copy the data of another instance of the same form of the same subject into a panel instance, as an audited save',
    tag: TAG,
    access: { project: 'record.enter', site: 'scoped' },
    body: copyRecordPanelSchema,
    response: recordPanelSchema,
    successMessage: 'record.copied',
    handler: ({ caller, body }) => copyRecordPanel(deps, caller, body),
  });
}
