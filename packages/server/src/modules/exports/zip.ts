import zlib from 'node:zlib';

/**
 * A zip writer whose whole state is a small JSON value, so an export written over many job steps can stop
 * after any committed step and be continued by another worker (docs/decisions.md, "Exports"). Each piece of
 * an entry is deflated on its own and ends with a full flush, so the pieces concatenate into one valid
 * deflate stream without the compressor's memory; sizes and CRC-32 follow the entry in a data descriptor.
 * Files stay below 4 GiB (no ZIP64), far above what one study's export reaches.
 */
export interface ZipEntryRecord {
  name: string;
  offset: number;
  crc: number;
  compressed: number;
  size: number;
}

export interface ZipState {
  offset: number;
  /** DOS date and time of every entry: the moment the export was asked for. */
  dosTime: number;
  dosDate: number;
  entries: ZipEntryRecord[];
  open: ZipEntryRecord | null;
}

const FLAGS = 0x0808; // bit 3: sizes in a data descriptor; bit 11: UTF-8 names
const DEFLATE = 8;
const LIMIT = 0xffff_ffff;
/**
 * The fastest deflate level: an export's sheets are repetitive XML that even level 1 shrinks several times,
 * and the higher levels cost far more time than the bytes they save (measured by `npm run bench:export`).
 */
const LEVEL = 1;

export function newZip(at: Date): ZipState {
  const dosTime = (at.getUTCHours() << 11) | (at.getUTCMinutes() << 5) | Math.floor(at.getUTCSeconds() / 2);
  const dosDate = ((at.getUTCFullYear() - 1980) << 9) | ((at.getUTCMonth() + 1) << 5) | at.getUTCDate();
  return { offset: 0, dosTime, dosDate, entries: [], open: null };
}

export interface ZipOutput {
  bytes: Buffer;
  state: ZipState;
}

function checkLimit(value: number): void {
  if (value > LIMIT) throw new Error('export file exceeds 4 GiB');
}

export function openEntry(state: ZipState, name: string): ZipOutput {
  if (state.open) throw new Error(`zip entry ${state.open.name} is still open`);
  const nameBytes = Buffer.from(name, 'utf8');
  const header = Buffer.alloc(30);
  header.writeUInt32LE(0x04034b50, 0);
  header.writeUInt16LE(20, 4);
  header.writeUInt16LE(FLAGS, 6);
  header.writeUInt16LE(DEFLATE, 8);
  header.writeUInt16LE(state.dosTime, 10);
  header.writeUInt16LE(state.dosDate, 12);
  header.writeUInt16LE(nameBytes.length, 26);
  const bytes = Buffer.concat([header, nameBytes]);
  return { bytes, state: { ...state, offset: state.offset + bytes.length, open: { name, offset: state.offset, crc: 0, compressed: 0, size: 0 } } };
}

/** One piece of the open entry. */
export function writeEntry(state: ZipState, data: Buffer): ZipOutput {
  const open = state.open;
  if (!open) throw new Error('no zip entry is open');
  const bytes = zlib.deflateRawSync(data, { level: LEVEL, finishFlush: zlib.constants.Z_FULL_FLUSH });
  const next = { ...open, crc: zlib.crc32(data, open.crc), compressed: open.compressed + bytes.length, size: open.size + data.length };
  checkLimit(state.offset + bytes.length);
  return { bytes, state: { ...state, offset: state.offset + bytes.length, open: next } };
}

export function closeEntry(state: ZipState): ZipOutput {
  const open = state.open;
  if (!open) throw new Error('no zip entry is open');
  const last = zlib.deflateRawSync(Buffer.alloc(0));
  const entry = { ...open, compressed: open.compressed + last.length };
  checkLimit(entry.size);
  const descriptor = Buffer.alloc(16);
  descriptor.writeUInt32LE(0x08074b50, 0);
  descriptor.writeUInt32LE(entry.crc >>> 0, 4);
  descriptor.writeUInt32LE(entry.compressed, 8);
  descriptor.writeUInt32LE(entry.size, 12);
  const bytes = Buffer.concat([last, descriptor]);
  return { bytes, state: { ...state, offset: state.offset + bytes.length, entries: [...state.entries, entry], open: null } };
}

/** A whole small entry at once (the static parts of a workbook, a dictionary). */
export function addEntry(state: ZipState, name: string, data: Buffer | string): ZipOutput {
  const opened = openEntry(state, name);
  const written = writeEntry(opened.state, typeof data === 'string' ? Buffer.from(data, 'utf8') : data);
  const closed = closeEntry(written.state);
  return { bytes: Buffer.concat([opened.bytes, written.bytes, closed.bytes]), state: closed.state };
}

/** The central directory and its end record. */
export function finishZip(state: ZipState): Buffer {
  if (state.open) throw new Error(`zip entry ${state.open.name} is still open`);
  const parts: Buffer[] = [];
  let size = 0;
  for (const entry of state.entries) {
    const name = Buffer.from(entry.name, 'utf8');
    const record = Buffer.alloc(46);
    record.writeUInt32LE(0x02014b50, 0);
    record.writeUInt16LE(20, 4);
    record.writeUInt16LE(20, 6);
    record.writeUInt16LE(FLAGS, 8);
    record.writeUInt16LE(DEFLATE, 10);
    record.writeUInt16LE(state.dosTime, 12);
    record.writeUInt16LE(state.dosDate, 14);
    record.writeUInt32LE(entry.crc >>> 0, 16);
    record.writeUInt32LE(entry.compressed, 20);
    record.writeUInt32LE(entry.size, 24);
    record.writeUInt16LE(name.length, 28);
    record.writeUInt32LE(entry.offset, 42);
    parts.push(record, name);
    size += record.length + name.length;
  }
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(state.entries.length, 8);
  end.writeUInt16LE(state.entries.length, 10);
  end.writeUInt32LE(size, 12);
  end.writeUInt32LE(state.offset, 16);
  checkLimit(state.offset + size);
  return Buffer.concat([...parts, end]);
}
