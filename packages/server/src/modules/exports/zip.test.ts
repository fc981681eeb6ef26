import { unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import type { ZipState } from './zip.js';
import { addEntry, closeEntry, finishZip, newZip, openEntry, writeEntry } from './zip.js';

/** The zip writer's state goes through JSON between job steps: each piece here does too. */
const viaJson = (state: ZipState): ZipState => JSON.parse(JSON.stringify(state)) as ZipState;

describe('the resumable zip writer', () => {
  it('writes entries from pieces deflated on their own, which any unzip reads back byte for byte', () => {
    const pieces = ['第一段,"text"\r\n', 'x'.repeat(100_000), '', 'the end\r\n'];
    const parts: Buffer[] = [];
    let state = newZip(new Date('2026-03-01T08:05:09Z'));
    const small = addEntry(state, 'small.txt', 'hello');
    parts.push(small.bytes);
    state = viaJson(small.state);
    const opened = openEntry(state, 'data/数据.csv');
    parts.push(opened.bytes);
    state = viaJson(opened.state);
    for (const piece of pieces) {
      const written = writeEntry(state, Buffer.from(piece, 'utf8'));
      parts.push(written.bytes);
      state = viaJson(written.state);
    }
    const closed = closeEntry(state);
    parts.push(closed.bytes, finishZip(closed.state));
    const bytes = Buffer.concat(parts);
    expect(closed.state.offset + finishZip(closed.state).length).toBe(bytes.length);
    const files = unzipSync(new Uint8Array(bytes));
    expect(Object.keys(files)).toEqual(['small.txt', 'data/数据.csv']);
    expect(Buffer.from(files['small.txt'] ?? []).toString('utf8')).toBe('hello');
    expect(Buffer.from(files['data/数据.csv'] ?? []).toString('utf8')).toBe(pieces.join(''));
  });

  it('refuses to finish with an entry open', () => {
    const opened = openEntry(newZip(new Date()), 'a.txt');
    expect(() => finishZip(opened.state)).toThrow(/still open/);
    expect(() => openEntry(opened.state, 'b.txt')).toThrow(/still open/);
  });
});
