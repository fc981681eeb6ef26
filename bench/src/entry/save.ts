import type { Api } from './client.js';
import { idOf } from './client.js';
import type { BenchUser } from './study.js';
import type { User } from './users-load.js';

/**
 * The save call of the platform and of the floor, and the state each simulated user carries between saves:
 * the version the last save answered and where it is in its cycle of value sets.
 */
export interface SaveState {
  user: BenchUser;
  version: number;
  cycle: Record<string, unknown>[];
  next: number;
}

/** The platform's panel save (records module): the values of one panel instance, based on a version. */
export const SAVE_PATH = '/dcap/project/recordDataManage/save';
/** The reason of every change after the first save (core records/reasons.ts). */
const REASON = { code: 'SOURCE_CORRECTED', text: '核对原始资料 / checked against the source' } as const;

function takeValues(state: SaveState): Record<string, unknown> {
  const values = state.cycle[state.next % state.cycle.length] ?? {};
  state.next += 1;
  return values;
}

/** Reads the new version from a save's answer. */
function acceptVersion(state: SaveState, body: string): void {
  const envelope = JSON.parse(body) as { code?: unknown; data?: { version?: unknown } };
  const version = envelope.data?.version;
  if (envelope.code !== 0 || typeof version !== 'number') throw new Error(`unexpected save answer: ${body.slice(0, 300)}`);
  if (version <= state.version) throw new Error(`the save answered version ${version}, not beyond ${state.version}`);
  state.version = version;
}

function platformBody(state: SaveState): string {
  const values = takeValues(state);
  // Every value changes on every save after the first, so each needs a reason (spec 002 §5).
  const reasons = state.version === 0 ? {} : Object.fromEntries(Object.keys(values).map((path) => [path, REASON]));
  return JSON.stringify({ panelInstanceId: state.user.panelInstanceId, version: state.version, values, reasons });
}

export function platformSaveUser(state: SaveState): User {
  return {
    next: () => ({ path: SAVE_PATH, headers: { token: state.user.token, 'accept-language': 'en-US' }, body: platformBody(state) }),
    accept: (body) => acceptVersion(state, body),
  };
}

export function floorSaveUser(state: SaveState): User {
  return {
    next: () => ({
      path: '/floor/save',
      headers: {},
      body: JSON.stringify({ panelInstanceId: state.user.panelInstanceId, version: state.version, values: takeValues(state), reason: `${REASON.code}: ${REASON.text}` }),
    }),
    accept: (body) => acceptVersion(state, body),
  };
}

/** One save outside the measurement (the first entry of a panel). */
export async function saveOnce(baseUrl: string, state: SaveState): Promise<void> {
  const request = platformSaveUser(state).next();
  const response = await fetch(`${baseUrl}${request.path}`, {
    method: 'POST',
    headers: { ...request.headers, 'content-type': 'application/json' },
    body: request.body,
    signal: AbortSignal.timeout(60_000),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`the first save of panel ${state.user.panelInstanceId} failed: HTTP ${response.status} ${text.slice(0, 300)}`);
  acceptVersion(state, text);
}

/** Adds a subject through the add-subject call and finds the panel instance of the benchmarked visit. */
export async function addSubjectThroughApi(api: Api, siteId: number, index: number, eventId: number, instrumentId: number): Promise<{ subjectId: number; panelInstanceId: number }> {
  const subjectId = idOf(await api.post('/dcap/subject/save', { siteId, name: `基准受试者${index + 1}`, initials: 'JZ', confirmDuplicate: true }));
  const schedule = (await api.get(`/dcap/schedule/subject/${subjectId}`)) as {
    visits: { eventInstanceId: number; eventId: number }[];
    panels: { panelInstanceId: number; eventInstanceId: number; instrumentId: number }[];
  };
  const visit = schedule.visits.find((candidate) => candidate.eventId === eventId);
  const panel = schedule.panels.find((candidate) => candidate.eventInstanceId === visit?.eventInstanceId && candidate.instrumentId === instrumentId);
  if (!panel) throw new Error(`subject ${subjectId} has no panel instance of instrument ${instrumentId} in event ${eventId}`);
  return { subjectId, panelInstanceId: panel.panelInstanceId };
}
