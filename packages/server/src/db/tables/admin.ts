import type { Generated, Selectable } from 'kysely';
import type { NullableTimestamp, TextArray, Timestamp } from './columns.js';

/** Internal interfaces' API keys (migration 0029; docs/decisions.md "Platform administration"). */
export interface ApiKeysTable {
  id: Generated<number>;
  name: string;
  prefix: string;
  secret_hash: string;
  scopes: TextArray;
  expires_at: Timestamp;
  revoked_at: NullableTimestamp;
  revoked_by: number | null;
  last_used_at: NullableTimestamp;
  created_by: number;
  created_at: Generated<Date>;
}

export type ApiKeyRow = Selectable<ApiKeysTable>;
