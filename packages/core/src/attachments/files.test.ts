import { describe, expect, it } from 'vitest';
import { ATTACHMENT_MAX_BYTES, checkUpload, cleanFileName, detectFileKind } from './files.js';

const PNG = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);
const JPEG = Uint8Array.from([0xff, 0xd8, 0xff, 0xe0, 0, 16]);
const ascii = (text: string): Uint8Array => Uint8Array.from(text, (char) => char.charCodeAt(0));
const PDF = ascii('%PDF-1.7\n');
const TEXT = ascii('hello, not an image');
const XLS = Uint8Array.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0]);
const XLSX = Uint8Array.from([0x50, 0x4b, 0x03, 0x04, 20, 0]);

describe('file kinds by magic number', () => {
  it('recognises JPEG, PNG, PDF, xlsx and the legacy xls by their first bytes', () => {
    expect(detectFileKind(JPEG)).toBe('jpeg');
    expect(detectFileKind(PNG)).toBe('png');
    expect(detectFileKind(PDF)).toBe('pdf');
    expect(detectFileKind(XLSX)).toBe('xlsx');
    expect(detectFileKind(XLS)).toBe('xls');
  });
  it('knows nothing of text, empty or truncated bytes', () => {
    expect(detectFileKind(TEXT)).toBeNull();
    expect(detectFileKind(new Uint8Array())).toBeNull();
    expect(detectFileKind(PNG.slice(0, 4))).toBeNull();
  });
});

describe('checkUpload (spec 002 §5 image upload)', () => {
  const image = (name: string, bytes: Uint8Array, declaredType: string | null = null, size = bytes.length) => ({ name, bytes, declaredType, size });

  it('accepts a PNG and a JPEG, declared as image/png, image/jpeg or the image/jpg alias', () => {
    expect(checkUpload('field', image('a.png', PNG, 'image/png'), [])).toEqual({ ok: true, fileKind: 'png' });
    expect(checkUpload('field', image('b.jpg', JPEG, 'image/jpeg'), [])).toEqual({ ok: true, fileKind: 'jpeg' });
    expect(checkUpload('field', image('c.jpeg', JPEG, 'image/jpg'), [])).toEqual({ ok: true, fileKind: 'jpeg' });
    expect(checkUpload('field', image('scan', JPEG), [])).toEqual({ ok: true, fileKind: 'jpeg' });
  });
  it('refuses a text file called x.png even when it claims image/png', () => {
    expect(checkUpload('field', image('x.png', TEXT, 'image/png'), [])).toEqual({ ok: false, problem: { code: 'attachment.type_forbidden', params: {} } });
  });
  it('refuses a PNG renamed .jpg and declared image/jpeg: the bytes decide', () => {
    expect(checkUpload('field', image('photo.jpg', PNG, 'image/jpeg'), [])).toMatchObject({ ok: false, problem: { code: 'attachment.type_forbidden' } });
    expect(checkUpload('field', image('photo.jpg', PNG), [])).toMatchObject({ ok: false, problem: { code: 'attachment.type_forbidden' } });
    expect(checkUpload('field', image('photo.png', PNG, 'image/jpeg'), [])).toMatchObject({ ok: false, problem: { code: 'attachment.type_forbidden' } });
  });
  it('refuses a PDF in an image field but takes it as a source document or visit record', () => {
    expect(checkUpload('field', image('r.pdf', PDF, 'application/pdf'), [])).toMatchObject({ ok: false, problem: { code: 'attachment.type_forbidden' } });
    expect(checkUpload('idCard', image('r.pdf', PDF, 'application/pdf'), [])).toMatchObject({ ok: false, problem: { code: 'attachment.type_forbidden' } });
    expect(checkUpload('source', image('r.pdf', PDF, 'application/pdf'), [])).toEqual({ ok: true, fileKind: 'pdf' });
    expect(checkUpload('visitRecord', image('r.pdf', PDF, 'application/pdf'), [])).toEqual({ ok: true, fileKind: 'pdf' });
    expect(checkUpload('source', image('r.txt', TEXT, 'text/plain'), [])).toMatchObject({ ok: false, problem: { code: 'attachment.pdf_or_image_only' } });
  });
  it('refuses a declared type outside the list, whatever the bytes', () => {
    expect(checkUpload('field', image('a.png', PNG, 'application/octet-stream'), [])).toMatchObject({ ok: false, problem: { code: 'attachment.type_forbidden' } });
  });
  it('takes a file just under 10 MB and refuses one of 10 MB or more (size must be under 10MB)', () => {
    expect(checkUpload('field', image('a.png', PNG, 'image/png', ATTACHMENT_MAX_BYTES - 1), [])).toMatchObject({ ok: true });
    expect(checkUpload('field', image('a.png', PNG, 'image/png', ATTACHMENT_MAX_BYTES), [])).toEqual({ ok: false, problem: { code: 'attachment.too_large', params: {} } });
  });
  it('refuses a name already in the list, ignoring case and surrounding spaces (file {name} already exists)', () => {
    expect(checkUpload('field', image('A.png', PNG, 'image/png'), ['a.png'])).toEqual({ ok: false, problem: { code: 'attachment.name_taken', params: { name: 'A.png' } } });
    expect(checkUpload('field', image('b.png', PNG, 'image/png'), ['a.png'])).toMatchObject({ ok: true });
  });
  it('checks the type before the size and the size before the name', () => {
    expect(checkUpload('field', image('a.png', TEXT, 'image/png', ATTACHMENT_MAX_BYTES * 2), ['a.png'])).toMatchObject({ problem: { code: 'attachment.type_forbidden' } });
    expect(checkUpload('field', image('a.png', PNG, 'image/png', ATTACHMENT_MAX_BYTES * 2), ['a.png'])).toMatchObject({ problem: { code: 'attachment.too_large' } });
  });
  it('stores the last segment of a path-like name, without control characters', () => {
    expect(cleanFileName('C:\\Users\\me\\scan 1.png')).toBe('scan 1.png');
    expect(cleanFileName('../../etc/a\u0000b.png')).toBe('ab.png');
    expect(checkUpload('field', image('   ', PNG), [])).toMatchObject({ ok: false, problem: { code: 'attachment.name_invalid' } });
  });
});
