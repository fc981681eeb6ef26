import {
  allocationListSchema,
  allocationReplySchema,
  blindingStateSchema,
  emergencyUnblindSchema,
  randAllocationPageSchema,
  randomiseReplySchema,
  randomiseRequestSchema,
  randSchemeListSchema,
  randSchemeSchema,
  randSlotPageSchema,
  randTableListSchema,
  randTableSchema,
  schemeApproveSchema,
  schemeIdQuerySchema,
  schemeIdSchema,
  schemeSaveSchema,
  simulateRequestSchema,
  siteMappingListSchema,
  siteMappingSaveSchema,
  siteMappingSchema,
  simulationReportSchema,
  studyUnblindSchema,
  subjectIdParamsSchema,
  tableGenerateSchema,
  tableListSchema,
  tableSlotsSchema,
  tableUploadReplySchema,
  tableUploadSchema,
  unblindingIdSchema,
  unblindingListSchema,
  unblindingSchema,
  RECORD_IMPORT_MAX_BYTES,
} from '@dcap/core';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { ServiceDeps } from '../../deps.js';
import type { RouteRegistry } from '../../http/route.js';
import type { AllocateDeps } from './allocate.js';
import { allocationOfSubject, listAllocations, randomiseSubject } from './allocate.js';
import { approveScheme, deleteScheme, generateSchemeTable, getScheme, listSchemes, listTables, saveScheme, simulateScheme, tableSlots, uploadSchemeTable } from './service.js';
import { listSiteMappings, saveSiteMapping } from './site-mapping.js';
import { acknowledgeUnblinding, blindingState, emergencyUnblind, listUnblindings, studyUnblind } from './unblinding.js';

const BALANCE = 'balance';
const IMASK = 'imask';

/**
 * Balance (randomisation) and iMask (blinding), spec 000 §1, §2.2: schemes, lists and simulations for the
 * unblinded statistician; randomising a subject for the site; the blinding state and unblinding. Every call
 * acts in the session's project and environment; what a blinded caller receives is decided in the presenter.
 */
export function registerRandomisationRoutes(app: FastifyInstance, routes: RouteRegistry, deps: ServiceDeps, allocateDeps: AllocateDeps): void {
  routes.add(app, {
    method: 'GET',
    url: '/dcap/balance/scheme/list',
    summary: 'The project’s randomisation schemes, newest first; a blinded caller gets no arms, block sizes or simulations',
    tag: BALANCE,
    access: { project: 'randomisation.view' },
    response: randSchemeListSchema,
    handler: ({ caller }) => listSchemes(deps, caller),
  });
  routes.add(app, {
    method: 'GET',
    url: '/dcap/balance/scheme/detail',
    summary: 'One randomisation scheme as the caller may see it',
    tag: BALANCE,
    access: { project: 'randomisation.view' },
    query: schemeIdQuerySchema,
    response: randSchemeSchema,
    handler: ({ caller, query }) => getScheme(deps, caller, query.id),
  });
  routes.add(app, {
    method: 'POST',
    url: '/dcap/balance/scheme/save',
    summary: 'Create a draft scheme (arms and ratio, method, blocks, stratification factors and where they are read from, treatment phase), or change a draft',
    tag: BALANCE,
    access: { project: 'randomisation.design' },
    body: schemeSaveSchema,
    response: randSchemeSchema,
    successMessage: 'ok.scheme_saved',
    handler: ({ caller, body }) => saveScheme(deps, caller, body),
  });
  routes.add(app, {
    method: 'POST',
    url: '/dcap/balance/scheme/delete',
    summary: 'Delete a draft scheme and its lists',
    tag: BALANCE,
    access: { project: 'randomisation.design' },
    body: schemeIdSchema,
    response: z.null(),
    handler: ({ caller, body }) => deleteScheme(deps, caller, body.id),
  });
  routes.add(app, {
    method: 'POST',
    url: '/dcap/balance/scheme/simulate',
    summary: 'Simulate N trials of the scheme over the project’s sites: imbalance overall, per factor level and per stratum, arm shares and a histogram',
    tag: BALANCE,
    access: { project: 'randomisation.design' },
    body: simulateRequestSchema,
    response: simulationReportSchema,
    handler: ({ caller, body }) => simulateScheme(deps, caller, body),
  });
  routes.add(app, {
    method: 'POST',
    url: '/dcap/balance/scheme/approve',
    summary: 'Approve a simulated draft: subjects are randomised by it from now on',
    tag: BALANCE,
    access: { project: 'randomisation.design' },
    body: schemeApproveSchema,
    response: randSchemeSchema,
    successMessage: 'ok.scheme_approved',
    handler: ({ caller, body }) => approveScheme(deps, caller, body),
  });
  routes.add(app, {
    method: 'GET',
    url: '/dcap/balance/table/list',
    summary: 'The test and formal randomisation lists of a scheme, with how many slots are used',
    tag: BALANCE,
    access: { project: 'randomisation.design' },
    query: tableListSchema,
    response: randTableListSchema,
    handler: ({ caller, query }) => listTables(deps, caller, query.schemeId),
  });
  routes.add(app, {
    method: 'POST',
    url: '/dcap/balance/table/generate',
    summary: 'Generate the test or formal list of a scheme from a seed derived from the scheme’s and recorded with the list',
    tag: BALANCE,
    access: { project: 'randomisation.design' },
    body: tableGenerateSchema,
    response: randTableSchema,
    successMessage: 'ok.table_saved',
    handler: ({ caller, body }) => generateSchemeTable(deps, caller, body),
  });
  routes.add(app, {
    method: 'POST',
    url: '/dcap/balance/table/upload',
    summary: 'Upload a statistician’s own list (CSV or xlsx): every row’s problems, or the list saved whole',
    tag: BALANCE,
    access: { project: 'randomisation.design' },
    consumes: ['multipart/form-data'],
    upload: { maxBytes: RECORD_IMPORT_MAX_BYTES + 1 },
    body: tableUploadSchema,
    response: tableUploadReplySchema,
    handler: ({ caller, body, request }) => uploadSchemeTable(deps, caller, body, request.uploadedFile),
  });
  routes.add(app, {
    method: 'POST',
    url: '/dcap/balance/table/slots',
    summary: 'A page of a list’s slots (stratum, sequence, block, arm, random number) with the subject each went to',
    tag: BALANCE,
    access: { project: 'randomisation.design' },
    body: tableSlotsSchema,
    response: randSlotPageSchema,
    handler: ({ caller, body }) => tableSlots(deps, caller, body),
  });
  routes.add(app, {
    method: 'GET',
    url: '/dcap/balance/siteMapping/list',
    summary: 'Each project site with its code at the remote randomisation service and, when the project randomises remotely and the service answers, whether the service knows the code',
    tag: BALANCE,
    access: { project: 'randomisation.design' },
    response: siteMappingListSchema,
    handler: ({ caller }) => listSiteMappings(deps, allocateDeps.remote, caller),
  });
  routes.add(app, {
    method: 'POST',
    url: '/dcap/balance/siteMapping/save',
    summary: 'Set or clear a site’s code at the remote randomisation service; while the project randomises remotely, a code the service does not know is refused',
    tag: BALANCE,
    access: { project: 'randomisation.design' },
    body: siteMappingSaveSchema,
    response: siteMappingSchema,
    successMessage: 'ok.site_mapping_saved',
    handler: ({ caller, body }) => saveSiteMapping(deps, allocateDeps.remote, caller, body),
  });
  routes.add(app, {
    method: 'POST',
    url: '/dcap/balance/randomise',
    summary: 'Randomise a subject: factors from its panels or as given, the next slot of its stratum (or minimisation, or the remote service), and enrolment with random number, treatment phase and first drug number, in one transaction',
    tag: BALANCE,
    access: { project: 'randomisation.randomise', site: 'scoped' },
    body: randomiseRequestSchema,
    response: randomiseReplySchema,
    successMessage: 'ok.randomised',
    handler: ({ caller, body }) => randomiseSubject(deps, allocateDeps, caller, body),
  });
  routes.add(app, {
    method: 'POST',
    url: '/dcap/balance/allocation/list',
    summary: 'Allocations of the caller’s sites in the session’s environment; arms only for a caller who may see them',
    tag: BALANCE,
    access: { project: 'randomisation.view', site: 'scoped' },
    body: allocationListSchema,
    response: randAllocationPageSchema,
    handler: ({ caller, body }) => listAllocations(deps, caller, body),
  });
  routes.add(app, {
    method: 'GET',
    url: '/dcap/balance/allocation/subject/:id',
    summary: 'One subject’s allocation, or null before randomisation',
    tag: BALANCE,
    access: { project: 'record.view', site: 'scoped' },
    params: subjectIdParamsSchema,
    response: allocationReplySchema,
    handler: ({ caller, params }) => allocationOfSubject(deps, caller, params.id),
  });
  routes.add(app, {
    method: 'GET',
    url: '/dcap/imask/state',
    summary: 'The study’s blind method, whether this environment is unblinded, whether the caller sees arms and whether whole-study unblinding may be asked for',
    tag: IMASK,
    access: { project: 'project.view' },
    response: blindingStateSchema,
    handler: ({ caller }) => blindingState(deps, caller),
  });
  routes.add(app, {
    method: 'GET',
    url: '/dcap/imask/unblinding/list',
    summary: 'Emergency and whole-study unblindings of the environment, within the caller’s sites',
    tag: IMASK,
    access: { project: 'randomisation.view', site: 'scoped' },
    response: unblindingListSchema,
    handler: ({ caller }) => listUnblindings(deps, caller),
  });
  routes.add(app, {
    method: 'POST',
    url: '/dcap/imask/unblind/emergency',
    summary: 'Emergency unblinding of one subject, with a reason and the caller’s password; the study’s managers are notified',
    tag: IMASK,
    access: { project: 'blinding.emergency', site: 'scoped' },
    body: emergencyUnblindSchema,
    response: unblindingSchema,
    successMessage: 'ok.unblinded',
    handler: ({ caller, body }) => emergencyUnblind(deps, caller, body),
  });
  routes.add(app, {
    method: 'POST',
    url: '/dcap/imask/unblind/study',
    summary: 'Unblind the whole environment, only after database lock, with a reason and the caller’s password',
    tag: IMASK,
    access: { project: 'blinding.study' },
    body: studyUnblindSchema,
    response: blindingStateSchema,
    successMessage: 'ok.unblinded',
    handler: ({ caller, body }) => studyUnblind(deps, caller, body),
  });
  routes.add(app, {
    method: 'POST',
    url: '/dcap/imask/unblinding/acknowledge',
    summary: 'A manager acknowledges an emergency unblinding they were notified of',
    tag: IMASK,
    access: { project: 'blinding.study' },
    body: unblindingIdSchema,
    response: unblindingSchema,
    handler: ({ caller, body }) => acknowledgeUnblinding(deps, caller, body.id),
  });
}
