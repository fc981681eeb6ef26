import { z } from 'zod';
import { dbId, dbInt, safeText } from '../validation/text.js';

/**
 * The area dictionary of platform administration (spec 000 §2.2 `/sys/area`; docs/decisions.md "Areas"): a
 * tree of places (country, province or state, city, district) in both languages, with the point a map draws
 * for it. Units (hospitals) name the area they stand in; the big screen's site map reads the points.
 */

/** A country is level 1; a tree holds at most four levels (country, province, city, district). */
export const AREA_MAX_LEVEL = 4;

/**
 * An area code: letters, digits, dot, underscore or hyphen, starting with a letter or digit, at most 32
 * characters. GB/T 2260 codes (`110000`) and ISO 3166 codes (`CN`, `US-CA`) both fit. Codes are unique
 * whatever their case.
 */
export const AREA_CODE_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._-]{0,31}$/;

export const areaCode = () => safeText().min(1).max(32).regex(AREA_CODE_PATTERN);
export const longitudeSchema = z.number().min(-180).max(180);
export const latitudeSchema = z.number().min(-90).max(90);

export const areaSchema = z.object({
  id: z.number(),
  code: z.string(),
  parentId: z.number().nullable(),
  name: z.string(),
  nameEn: z.string(),
  level: z.number(),
  sort: z.number(),
  longitude: z.number().nullable(),
  latitude: z.number().nullable(),
  enabled: z.boolean(),
  /** How many units name this area; an area in use by a unit or a child cannot be deleted. */
  unitCount: z.number(),
});
export type Area = z.infer<typeof areaSchema>;

/** GET /dcap/sys/area/list: every area, parents before children, siblings by sort then code. */
export const areaListSchema = z.object({ areas: z.array(areaSchema) });
export type AreaList = z.infer<typeof areaListSchema>;

/** A point is both coordinates or neither: a map cannot draw half of one. */
export const bothOrNeither = (area: { longitude?: number | null; latitude?: number | null }) => (area.longitude == null) === (area.latitude == null);
const pointMessage = { params: { message: 'area_point_half' }, path: ['latitude'] };

/**
 * POST /dcap/sys/area/save: a new area without `id`; with `id`, an update where a field left out keeps its
 * value and null clears a coordinate (core applyPatch). Moving an area is a change of `parentId` (null: a
 * root); core `checkAreaParent` refuses a cycle or a tree deeper than AREA_MAX_LEVEL.
 */
export const saveAreaSchema = z
  .strictObject({
    id: dbId().optional(),
    code: areaCode().optional(),
    parentId: dbId().nullish(),
    name: safeText().min(1).max(100).optional(),
    nameEn: safeText().min(1).max(100).optional(),
    sort: dbInt().optional(),
    longitude: longitudeSchema.nullish(),
    latitude: latitudeSchema.nullish(),
    enabled: z.boolean().optional(),
  })
  .refine((area) => area.id !== undefined || area.code !== undefined, { params: { message: 'required' }, path: ['code'] })
  .refine((area) => area.id !== undefined || area.name !== undefined, { params: { message: 'required' }, path: ['name'] })
  .refine((area) => area.id !== undefined || area.nameEn !== undefined, { params: { message: 'required' }, path: ['nameEn'] })
  // An update naming one coordinate keeps the other stored one; the service checks the pair it ends with.
  .refine((area) => (area.id === undefined ? bothOrNeither(area) : area.longitude === undefined || area.latitude === undefined || bothOrNeither(area)), pointMessage);
export type SaveAreaRequest = z.infer<typeof saveAreaSchema>;

export const deleteAreaSchema = z.strictObject({ id: dbId() });

/** The standard lists the server ships; `cn`: China and its 34 provincial-level divisions (GB/T 2260). */
export const AREA_STANDARD_LISTS = ['cn'] as const;
export const areaStandardRequestSchema = z.strictObject({ list: z.enum(AREA_STANDARD_LISTS) });

/** POST /dcap/sys/area/loadStandard: how many areas of the standard list were added and how many were there already. */
export const areaStandardResultSchema = z.object({ created: z.number(), present: z.number() });
export type AreaStandardResult = z.infer<typeof areaStandardResultSchema>;
