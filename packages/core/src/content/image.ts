/** Width and height read from an image's own header (PNG IHDR, JPEG start-of-frame); null when unreadable. */
export interface ImageSize {
  type: 'png' | 'jpeg';
  width: number;
  height: number;
}

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
/** JPEG start-of-frame markers (baseline, extended, progressive, lossless, arithmetic); not DHT, JPG or DAC. */
const SOF_MARKERS = new Set([0xc0, 0xc1, 0xc2, 0xc3, 0xc5, 0xc6, 0xc7, 0xc9, 0xca, 0xcb, 0xcd, 0xce, 0xcf]);

const u16 = (b: Uint8Array, at: number) => ((b[at] ?? 0) << 8) | (b[at + 1] ?? 0);
const u32 = (b: Uint8Array, at: number) => u16(b, at) * 65536 + u16(b, at + 2);

export function readImageSize(bytes: Uint8Array): ImageSize | null {
  if (bytes.length >= 24 && PNG_SIGNATURE.every((byte, i) => bytes[i] === byte)) {
    if (String.fromCharCode(...bytes.subarray(12, 16)) !== 'IHDR') return null;
    const width = u32(bytes, 16);
    const height = u32(bytes, 20);
    return width > 0 && height > 0 ? { type: 'png', width, height } : null;
  }
  if (bytes.length >= 4 && bytes[0] === 0xff && bytes[1] === 0xd8) {
    let at = 2;
    while (at + 9 < bytes.length) {
      if (bytes[at] !== 0xff) return null;
      const marker = bytes[at + 1] ?? 0;
      // Fill bytes and markers without a length (restart, TEM).
      if (marker === 0xff) {
        at += 1;
        continue;
      }
      if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
        at += 2;
        continue;
      }
      if (marker === 0xd9 || marker === 0xda) return null;
      const length = u16(bytes, at + 2);
      if (SOF_MARKERS.has(marker)) {
        const height = u16(bytes, at + 5);
        const width = u16(bytes, at + 7);
        return width > 0 && height > 0 ? { type: 'jpeg', width, height } : null;
      }
      if (length < 2) return null;
      at += 2 + length;
    }
  }
  return null;
}
