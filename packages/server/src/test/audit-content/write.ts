import type { Persona } from '../../modules/roles/study.fixture.js';
import type { Fixture } from '../audit-content.routes.js';

/** One call of a write route. */
export interface Call {
  method: 'GET' | 'POST';
  url: string;
  body?: unknown;
  /** Defaults to the project administrator for project calls, the platform administrator for /sys calls. */
  as?: Persona;
}

/** The audit row a write must leave. */
export interface ExpectedRow {
  action: string;
  /** Matched with toMatchObject; null means the row has no old value (a creation). */
  old: Record<string, unknown> | null;
  new: Record<string, unknown> | null;
}

/** How to call a write route, and the audit row it must leave. */
export interface Write {
  call(f: Fixture): Promise<Call> | Call;
  audit: ExpectedRow | ((f: Fixture) => ExpectedRow);
}
