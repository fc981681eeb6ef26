import dayjs from 'dayjs';
import type { Locale } from '@dcap/core';

/** An instant in the user's zone with the offset (COMPLIANCE TS-2), e.g. `2026-03-01 16:05:09 +08:00`. */
export function timeWithOffset(iso: string | null | undefined): string {
  return iso ? dayjs(iso).format('YYYY-MM-DD HH:mm:ss Z') : '—';
}

/** A design name in the interface language, falling back to the Chinese name. */
export function localName(locale: Locale, name: string | null | undefined, nameEn: string | null | undefined): string {
  return locale === 'en-US' ? (nameEn ?? name ?? '') : (name ?? '');
}

function plain(value: unknown): string {
  if (value === null || value === undefined || value === '') return '';
  if (Array.isArray(value)) return value.map(plain).join(', ');
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint') return String(value);
  return JSON.stringify(value);
}

/**
 * One side of an audit row's change as a reader sees it: a field's value (with its status when nothing
 * else changed), a status alone, or the recorded object in short JSON; empty for nothing.
 */
export function describeAuditValue(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value !== 'object' || Array.isArray(value)) return plain(value);
  const record = value as Record<string, unknown>;
  if ('value' in record) return plain(record.value);
  const keys = Object.keys(record);
  if (keys.length === 1 && keys[0] === 'status') return plain(record.status);
  if ('status' in record) return plain(record.status);
  return plain(record);
}
