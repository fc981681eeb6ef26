import { z } from 'zod';

/**
 * Small response shapes several calls share (ARCHITECTURE §4: request and response schemas live in core), so a
 * server route declares and the web call parses the same schema.
 */

/** A call that answers with no data (`data: null`): a password change, a sign-out, a revoked grant. */
export const noDataSchema = z.null();

/** A deletion of one row by id, answered with the id. */
export const deletedIdSchema = z.object({ id: z.number() });

/** A deletion of several rows, answered with how many went. */
export const deletedCountSchema = z.object({ deleted: z.number() });

/** Roles deleted, and the grants of them revoked with them. */
export const roleDeletionSchema = z.object({ deleted: z.number(), revoked: z.number() });

/** Whether a name (a login name) is still free. */
export const availabilitySchema = z.object({ available: z.boolean() });
