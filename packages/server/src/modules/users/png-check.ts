import { inflateSync } from 'node:zlib';

const SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
/** No decoded signature image comes near this; a larger stream is refused rather than inflated. */
const MAX_INFLATED = 64 * 1024 * 1024;

/**
 * Whether a PNG's image data is a zlib stream that inflates: core's header check (content/image.ts) reads only
 * the IHDR chunk, and the PDF library decodes the data of an image with transparency in a callback where a
 * broken stream would end the process, so a signature image is refused unless its data inflates
 * (docs/decisions.md "Signature images"). Not a PNG: true (other kinds are checked elsewhere).
 */
export function pngDataInflates(bytes: Buffer): boolean {
  if (!SIGNATURE.every((byte, index) => bytes[index] === byte)) return true;
  const parts: Buffer[] = [];
  let at = 8;
  while (at + 8 <= bytes.length) {
    const length = bytes.readUInt32BE(at);
    const type = bytes.toString('latin1', at + 4, at + 8);
    const end = at + 12 + length;
    if (end > bytes.length) return false;
    if (type === 'IDAT') parts.push(bytes.subarray(at + 8, at + 8 + length));
    if (type === 'IEND') break;
    at = end;
  }
  if (parts.length === 0) return false;
  try {
    return inflateSync(Buffer.concat(parts), { maxOutputLength: MAX_INFLATED }).length > 0;
  } catch {
    return false;
  }
}
