import type { MultipartFile } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';

/**
 * What the multipart body said about its file besides the bytes (spec 002 §7: uploads are multipart): the
 * name and declared type the browser sent, and whether the file went past the route's limit. The body itself
 * carries the bytes under the part's name (`attachFieldsToBody: 'keyValues'`), so a route's schema still
 * checks them; the upload routes of attachments read the rest here.
 */
export interface UploadedFileInfo {
  field: string;
  filename: string;
  mimetype: string;
  /** The file was cut off at the route's `upload.maxBytes` (read on, not refused, so the service can say why). */
  truncated: boolean;
}

declare module 'fastify' {
  interface FastifyRequest {
    uploadedFile: UploadedFileInfo | null;
  }
}

/** The plugin's `onFile`: reads the part into the body as before and remembers its name, type and truncation. */
export async function rememberUploadedFile(this: FastifyRequest, part: MultipartFile): Promise<void> {
  await part.toBuffer();
  this.uploadedFile = { field: part.fieldname, filename: part.filename, mimetype: part.mimetype, truncated: part.file.truncated };
}
