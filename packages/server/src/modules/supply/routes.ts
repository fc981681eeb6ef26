import {
  supplyDispenseResultSchema,
  supplyDispenseSchema,
  supplyDosingLineSchema,
  supplyDosingSaveSchema,
  supplyExpiryListSchema,
  supplyIdSchema,
  supplyKitActionSchema,
  supplyKitGenerateSchema,
  supplyKitListResultSchema,
  supplyKitListSchema,
  supplyKitPageSchema,
  supplyKitSchema,
  supplyKitsChangedSchema,
  supplyKitStatusSchema,
  supplyKitTypeSaveSchema,
  supplyKitTypeSchema,
  supplyKitUploadResultSchema,
  supplyKitUploadSchema,
  supplyLocationSaveSchema,
  supplyLocationSchema,
  supplyPlanSchema,
  supplyProductSaveSchema,
  supplyProductSchema,
  supplyResupplyCheckSchema,
  supplyResupplySaveSchema,
  supplyShipmentCreateSchema,
  supplyShipmentListSchema,
  supplyShipmentLossSchema,
  supplyShipmentPageSchema,
  supplyShipmentSchema,
  supplyShipmentsSchema,
  supplyStockQuerySchema,
  supplyStockSchema,
  supplyTransferCreateSchema,
} from '@dcap/core';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { ServiceDeps } from '../../deps.js';
import type { RouteRegistry } from '../../http/route.js';
import { dispenseAtVisit } from './dispense.js';
import { changeKits, expiryAlerts, generateKits, listKits, stockOverview, uploadKits } from './kits.js';
import { listLocations, planOf, saveDosing, saveKitType, saveLocation, saveProduct, saveResupply } from './plan.js';
import { checkResupply, createShipment, createTransfer, listShipments, moveShipment } from './shipments.js';

const TAG = 'supply';
const VIEW = { project: 'supply.view', site: 'scoped' } as const;
const MANAGE = { project: 'supply.manage' } as const;
const SITE = { project: 'supply.site', site: 'scoped' } as const;

/**
 * iSupply (spec 000 §1, §2.4; docs/decisions.md "Drug supply"): the drug plan, depots and pharmacies, kit
 * lists, shipments, transfers, dispensing, returns and destruction, expiry alerts and stock. Every call acts
 * in the session's project and environment within the caller's sites, and every answer passes the
 * presenter's blinding.
 */
export function registerSupplyRoutes(app: FastifyInstance, routes: RouteRegistry, deps: ServiceDeps): void {
  routes.add(app, {
    method: 'GET',
    url: '/dcap/supply/plan',
    summary: 'The drug plan: products, kit types, dosing per visit (and arm, for those who may see arms) and resupply settings',
    tag: TAG,
    access: VIEW,
    response: supplyPlanSchema,
    handler: ({ caller }) => planOf(deps, caller),
  });
  routes.add(app, { method: 'POST', url: '/dcap/supply/product/save', summary: 'Add or change a product', tag: TAG, access: MANAGE, body: supplyProductSaveSchema, response: supplyProductSchema, handler: ({ caller, body }) => saveProduct(deps, caller, body) });
  routes.add(app, {
    method: 'POST',
    url: '/dcap/supply/kitType/save',
    summary: 'Add or change a kit type: its arm, product, units per kit and the name blinded users see',
    tag: TAG,
    access: MANAGE,
    body: supplyKitTypeSaveSchema,
    response: supplyKitTypeSchema,
    handler: ({ caller, body }) => saveKitType(deps, caller, body),
  });
  routes.add(app, {
    method: 'POST',
    url: '/dcap/supply/dosing/save',
    summary: 'Set the kits a subject of one arm gets at one visit',
    tag: TAG,
    access: MANAGE,
    body: supplyDosingSaveSchema,
    response: z.array(supplyDosingLineSchema),
    handler: ({ caller, body }) => saveDosing(deps, caller, body),
  });
  routes.add(app, {
    method: 'POST',
    url: '/dcap/supply/location/save',
    summary: 'Add or change a depot or a site pharmacy (its site and supplying depot)',
    tag: TAG,
    access: MANAGE,
    body: supplyLocationSaveSchema,
    response: supplyLocationSchema,
    handler: ({ caller, body }) => saveLocation(deps, caller, body),
  });
  routes.add(app, { method: 'GET', url: '/dcap/supply/location/list', summary: 'Depots and the pharmacies of the caller’s sites', tag: TAG, access: VIEW, response: z.array(supplyLocationSchema), handler: ({ caller }) => listLocations(deps, caller) });
  routes.add(app, {
    method: 'POST',
    url: '/dcap/supply/resupply/save',
    summary: 'Set a pharmacy’s trigger level, target level and predictive window for a kit type',
    tag: TAG,
    access: MANAGE,
    body: supplyResupplySaveSchema,
    response: z.object({ saved: z.boolean() }),
    handler: ({ caller, body }) => saveResupply(deps, caller, body),
  });
  routes.add(app, {
    method: 'POST',
    url: '/dcap/supply/resupply/check',
    summary: 'Raise the shipments the pharmacies’ stock calls for now (below trigger, or below it after the expected visits)',
    tag: TAG,
    access: MANAGE,
    body: supplyResupplyCheckSchema,
    response: supplyShipmentsSchema,
    handler: ({ caller, body }) => checkResupply(deps, caller, body),
  });
  routes.add(app, {
    method: 'POST',
    url: '/dcap/supply/kit/generate',
    summary: 'Generate a kit list at a depot: numbers from the project’s sequence, kit types shuffled over them',
    tag: TAG,
    access: MANAGE,
    body: supplyKitGenerateSchema,
    response: supplyKitListResultSchema,
    handler: ({ caller, body }) => generateKits(deps, caller, body),
  });
  routes.add(app, {
    method: 'POST',
    url: '/dcap/supply/kit/upload',
    summary: 'Upload a kit list CSV (kitNo, kitType, batch, expiryDate) to a depot: all kits, or every problem and none',
    tag: TAG,
    access: MANAGE,
    body: supplyKitUploadSchema,
    response: supplyKitUploadResultSchema,
    handler: ({ caller, body }) => uploadKits(deps, caller, body),
  });
  routes.add(app, { method: 'POST', url: '/dcap/supply/kit/list', summary: 'Kits at the locations the caller may see, filtered', tag: TAG, access: VIEW, body: supplyKitListSchema, response: supplyKitPageSchema, handler: ({ caller, body }) => listKits(deps, caller, body) });
  routes.add(app, {
    method: 'POST',
    url: '/dcap/supply/kit/return',
    summary: 'Record dispensed kits as returned by the subject',
    tag: TAG,
    access: SITE,
    body: supplyKitActionSchema,
    response: supplyKitsChangedSchema,
    handler: ({ caller, body }) => changeKits(deps, caller, { ...body, action: 'return' }),
  });
  routes.add(app, {
    method: 'POST',
    url: '/dcap/supply/kit/destroy',
    summary: 'Record returned, damaged or expired kits as destroyed',
    tag: TAG,
    access: SITE,
    body: supplyKitActionSchema,
    response: supplyKitsChangedSchema,
    handler: ({ caller, body }) => changeKits(deps, caller, { ...body, action: 'destroy' }),
  });
  routes.add(app, {
    method: 'POST',
    url: '/dcap/supply/kit/status',
    summary: 'Quarantine or release kits, or record them lost, damaged or expired',
    tag: TAG,
    access: SITE,
    body: supplyKitStatusSchema,
    response: supplyKitsChangedSchema,
    handler: ({ caller, body }) => changeKits(deps, caller, body),
  });
  routes.add(app, {
    method: 'POST',
    url: '/dcap/supply/shipment/create',
    summary: 'Request a shipment of kits from a depot to a site pharmacy',
    tag: TAG,
    access: MANAGE,
    body: supplyShipmentCreateSchema,
    response: supplyShipmentSchema,
    handler: ({ caller, body }) => createShipment(deps, caller, body),
  });
  routes.add(app, {
    method: 'POST',
    url: '/dcap/supply/transfer/create',
    summary: 'Request a transfer of kits from the caller’s pharmacy to another site’s',
    tag: TAG,
    access: SITE,
    body: supplyTransferCreateSchema,
    response: supplyShipmentSchema,
    handler: ({ caller, body }) => createTransfer(deps, caller, body),
  });
  routes.add(app, { method: 'POST', url: '/dcap/supply/shipment/ship', summary: 'Mark a shipment shipped (its kits in transit)', tag: TAG, access: SITE, body: supplyIdSchema, response: supplyShipmentSchema, handler: ({ caller, body }) => moveShipment(deps, caller, { id: body.id, to: 'shipped' }) });
  routes.add(app, {
    method: 'POST',
    url: '/dcap/supply/shipment/receive',
    summary: 'Receive a shipment at its pharmacy (its kits at the site)',
    tag: TAG,
    access: SITE,
    body: supplyIdSchema,
    response: supplyShipmentSchema,
    handler: ({ caller, body }) => moveShipment(deps, caller, { id: body.id, to: 'received' }),
  });
  routes.add(app, {
    method: 'POST',
    url: '/dcap/supply/shipment/loss',
    summary: 'Record a shipment lost or arrived damaged, with the reason',
    tag: TAG,
    access: SITE,
    body: supplyShipmentLossSchema,
    response: supplyShipmentSchema,
    handler: ({ caller, body }) => moveShipment(deps, caller, { id: body.id, to: body.status, reason: body.reason }),
  });
  routes.add(app, { method: 'POST', url: '/dcap/supply/shipment/list', summary: 'Shipments from or to the locations the caller may see', tag: TAG, access: VIEW, body: supplyShipmentListSchema, response: supplyShipmentPageSchema, handler: ({ caller, body }) => listShipments(deps, caller, body) });
  routes.add(app, {
    method: 'POST',
    url: '/dcap/supply/dispense',
    summary: 'Dispense the kits the drug plan gives the subject’s arm at a visit, from the subject’s site pharmacy',
    tag: TAG,
    access: SITE,
    body: supplyDispenseSchema,
    response: supplyDispenseResultSchema,
    handler: ({ caller, body }) => dispenseAtVisit(deps, caller, body),
  });
  routes.add(app, { method: 'POST', url: '/dcap/supply/expiry/list', summary: 'Usable kits expiring within N days (30 unless said)', tag: TAG, access: VIEW, body: supplyExpiryListSchema, response: z.array(supplyKitSchema), handler: ({ caller, body }) => expiryAlerts(deps, caller, body) });
  routes.add(app, {
    method: 'POST',
    url: '/dcap/supply/stock',
    summary: 'Stock per location and kit type, counted by kit status, for the delivery-centre charts',
    tag: TAG,
    access: VIEW,
    body: supplyStockQuerySchema,
    response: supplyStockSchema,
    handler: ({ caller, body }) => stockOverview(deps, caller, body),
  });
}
