/**
 * Rules of uploaded files of study data (spec 002 §5 "Image upload"): the kind of a file is read from its
 * bytes, not from the name or the type the browser declared, so a text file called x.png or a PNG sent as
 * image/jpeg is recognised for what it is. The server and the uploader apply the same rules.
 */

/** Spec 002 §5/§9: "size under 10 MB". A file of exactly 10 MiB is refused. */
export const ATTACHMENT_MAX_BYTES = 10 * 1024 * 1024;

/** Spec 002 §5: the declared types an image upload accepts (image/jpg is a common non-standard alias). */
export const IMAGE_CONTENT_TYPES = ['image/jpeg', 'image/png', 'image/jpg'] as const;

/** The kinds of file recognised by their first bytes. */
export type FileKind = 'jpeg' | 'png' | 'pdf' | 'xlsx' | 'xls';

/** The content type stored and answered for each kind. */
export const FILE_KIND_CONTENT_TYPE: Record<FileKind, string> = {
  jpeg: 'image/jpeg',
  png: 'image/png',
  pdf: 'application/pdf',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  xls: 'application/vnd.ms-excel',
};

const startsWith = (bytes: Uint8Array, magic: readonly number[]): boolean => bytes.length >= magic.length && magic.every((byte, index) => bytes[index] === byte);

const JPEG = [0xff, 0xd8, 0xff];
const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const PDF = [0x25, 0x50, 0x44, 0x46, 0x2d]; // %PDF-
const ZIP = [0x50, 0x4b, 0x03, 0x04]; // an xlsx is a zip archive
const OLE2 = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]; // the legacy .xls compound document

/** What the bytes are, by their magic number; null for anything else (text, other formats, empty). */
export function detectFileKind(bytes: Uint8Array): FileKind | null {
  if (startsWith(bytes, JPEG)) return 'jpeg';
  if (startsWith(bytes, PNG)) return 'png';
  if (startsWith(bytes, PDF)) return 'pdf';
  if (startsWith(bytes, OLE2)) return 'xls';
  if (startsWith(bytes, ZIP)) return 'xlsx';
  return null;
}

/** Whether a declared content type is one the image upload accepts (spec 002 §5). */
export function isImageContentType(type: string): boolean {
  return (IMAGE_CONTENT_TYPES as readonly string[]).includes(type.trim().toLowerCase());
}

/**
 * Which kinds each attachment kind accepts: images everywhere; source documents of remote source
 * verification may also be PDF, the usual form of a scanned hospital record (docs/decisions.md).
 */
export type AttachmentKind = 'field' | 'source' | 'visitRecord' | 'idCard';
export const ATTACHMENT_KINDS: readonly AttachmentKind[] = ['field', 'source', 'visitRecord', 'idCard'];
export const ACCEPTED_FILE_KINDS: Record<AttachmentKind, readonly FileKind[]> = {
  field: ['jpeg', 'png'],
  source: ['jpeg', 'png', 'pdf'],
  visitRecord: ['jpeg', 'png', 'pdf'],
  idCard: ['jpeg', 'png'],
};

/** The declared types the browser's file picker offers for each kind (the `accept` attribute). */
export function acceptAttribute(kind: AttachmentKind): string {
  return ACCEPTED_FILE_KINDS[kind].flatMap((fileKind) => (fileKind === 'jpeg' ? ['image/jpeg', 'image/jpg', '.jpg', '.jpeg'] : fileKind === 'png' ? ['image/png', '.png'] : fileKind === 'pdf' ? ['application/pdf', '.pdf'] : [])).join(',');
}

/** The kind a declared content type claims; null for a type outside the accepted ones. */
export function kindOfContentType(type: string): FileKind | null {
  const value = type.trim().toLowerCase();
  if (value === 'image/jpeg' || value === 'image/jpg') return 'jpeg';
  if (value === 'image/png') return 'png';
  if (value === 'application/pdf') return 'pdf';
  return null;
}

/** The kind a file name's extension claims; null for an extension outside the accepted ones or none. */
export function kindOfName(name: string): FileKind | null {
  const extension = /\.([a-z0-9]+)$/i.exec(name)?.[1]?.toLowerCase();
  if (extension === 'jpg' || extension === 'jpeg') return 'jpeg';
  if (extension === 'png') return 'png';
  if (extension === 'pdf') return 'pdf';
  if (extension === 'xlsx') return 'xlsx';
  if (extension === 'xls') return 'xls';
  return null;
}

/** Why an upload is refused, each a catalogue code with its parameters. */
export type UploadProblem =
  | { code: 'attachment.type_forbidden'; params: Record<string, never> }
  | { code: 'attachment.pdf_or_image_only'; params: Record<string, never> }
  | { code: 'attachment.too_large'; params: Record<string, never> }
  | { code: 'attachment.empty'; params: Record<string, never> }
  | { code: 'attachment.name_taken'; params: { name: string } }
  | { code: 'attachment.name_invalid'; params: Record<string, never> };

/** A file name as stored: the last path segment, trimmed; control characters removed. */
export function cleanFileName(name: string): string {
  const last = name.split(/[\\/]/).pop() ?? '';
  // eslint-disable-next-line no-control-regex
  return last.replace(/[\u0000-\u001f\u007f]/g, '').trim();
}

/** Same name, compared as people see names: case and surrounding spaces do not make a new file. */
export const sameFileName = (a: string, b: string): boolean => cleanFileName(a).toLowerCase() === cleanFileName(b).toLowerCase();

/**
 * Checks one upload against the rules of spec 002 §5, in the order the spec lists them: type (by the
 * bytes; a declared type, when given, must also be an accepted one), size, then a name already in the list.
 * Answers the kind read from the bytes, or the first problem.
 */
export function checkUpload(
  kind: AttachmentKind,
  file: { name: string; size: number; bytes?: Uint8Array; declaredType?: string | null },
  existingNames: readonly string[],
): { ok: true; fileKind: FileKind | null } | { ok: false; problem: UploadProblem } {
  const typeProblem: UploadProblem = ACCEPTED_FILE_KINDS[kind].includes('pdf')
    ? { code: 'attachment.pdf_or_image_only', params: {} }
    : { code: 'attachment.type_forbidden', params: {} };
  const name = cleanFileName(file.name);
  if (name.length === 0 || name.length > 255) return { ok: false, problem: { code: 'attachment.name_invalid', params: {} } };
  const declared = file.declaredType?.trim().toLowerCase();
  if (declared) {
    const claimed = kindOfContentType(declared);
    if (!claimed || !ACCEPTED_FILE_KINDS[kind].includes(claimed)) return { ok: false, problem: typeProblem };
  }
  let fileKind: FileKind | null = null;
  if (file.bytes) {
    fileKind = detectFileKind(file.bytes);
    if (!fileKind || !ACCEPTED_FILE_KINDS[kind].includes(fileKind)) return { ok: false, problem: typeProblem };
    // The bytes must also be what the name and the declared type say (a PNG renamed .jpg is refused); a
    // name without an extension is taken as the bytes say.
    const claimed = declared ? kindOfContentType(declared) : null;
    const hasExtension = /\.[a-z0-9]+$/i.test(name);
    if ((claimed && claimed !== fileKind) || (hasExtension && kindOfName(name) !== fileKind)) return { ok: false, problem: typeProblem };
  }
  if (file.size <= 0) return { ok: false, problem: { code: 'attachment.empty', params: {} } };
  if (file.size >= ATTACHMENT_MAX_BYTES) return { ok: false, problem: { code: 'attachment.too_large', params: {} } };
  if (existingNames.some((existing) => sameFileName(existing, name))) return { ok: false, problem: { code: 'attachment.name_taken', params: { name } } };
  return { ok: true, fileKind };
}
