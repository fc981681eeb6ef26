import type { Environment } from '@dcap/core';
import type { EnvRow } from '../../db/schema.js';

export function presentEnv(row: EnvRow): Environment {
  return {
    id: row.id,
    projectId: row.project_id,
    key: row.key,
    envKey: row.key,
    name: row.name,
    eName: row.name_en,
    type: row.type,
    status: row.status,
    createdAt: row.created_at.toISOString(),
  };
}
