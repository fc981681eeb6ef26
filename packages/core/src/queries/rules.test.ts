import { describe, expect, it } from 'vitest';
import type { QueryActor, QueryFacts, QueryRights, QueryStatus, QueryUserAction } from './rules.js';
import { QUERY_STATUSES, QUERY_TRANSITIONS, mayHandleFieldQueries, queryAbilities, queryRefusal, queryTransition, raiseRefusal } from './rules.js';
import { queryAgeDays, queryAgeGroup, queryAgeGroupRange } from './age.js';
import { isoWithOffset } from './time.js';
import { raiseQuerySchema } from './schemas.js';

const NONE: QueryRights = { raise: false, answer: false, handleAll: false };
const QUERY: QueryRights = { ...NONE, raise: true };
const ANSWER: QueryRights = { ...NONE, answer: true };
const ALL: QueryRights = { raise: true, answer: true, handleAll: true };

const RAISER = 1;
const MONITOR_ROLE = 10;
const CRC_ROLE = 20;
const actor = (rights: QueryRights, userId = RAISER, roleId: number | null = MONITOR_ROLE): QueryActor => ({ userId, roleId, rights });
const query = (status: QueryStatus): QueryFacts => ({ status, raisedBy: RAISER, raisedRoleId: MONITOR_ROLE });

describe('query transitions (COMPLIANCE WF-1)', () => {
  it.each([
    ['raise', null, 'OPEN'],
    ['answer', 'OPEN', 'ANSWERED'],
    ['answer', 'ANSWERED', null],
    ['close', 'OPEN', 'CLOSED'],
    ['close', 'ANSWERED', 'CLOSED'],
    ['close', 'CLOSED', null],
    ['cancel', 'OPEN', 'CANCELED'],
    ['cancel', 'ANSWERED', 'CANCELED'],
    ['cancel', 'AUTO_CLOSED', null],
    ['autoClose', 'OPEN', 'AUTO_CLOSED'],
    ['autoClose', 'ANSWERED', 'AUTO_CLOSED'],
    ['autoClose', 'CANCELED', null],
  ] as const)('%s from %s leads to %s', (action, from, to) => {
    expect(queryTransition(action, from)).toBe(to);
  });

  it('leaves no way out of a closed, auto-closed or canceled query', () => {
    for (const status of ['CLOSED', 'AUTO_CLOSED', 'CANCELED'] as const) {
      for (const rule of Object.values(QUERY_TRANSITIONS)) expect(rule.from).not.toContain(status);
    }
  });
});

describe('who may act on a query (spec 002 §6)', () => {
  const off = { sameRoleCancelClose: false };
  type Row = [string, QueryUserAction, QueryActor, QueryStatus, ReturnType<typeof queryRefusal>];
  const rows: Row[] = [
    ['answerQuery answers an open query', 'answer', actor(ANSWER, 2, CRC_ROLE), 'OPEN', null],
    ['answerQuery cannot answer an answered query', 'answer', actor(ANSWER, 2, CRC_ROLE), 'ANSWERED', 'query.wrong_status'],
    ['query alone cannot answer', 'answer', actor(QUERY, 2, CRC_ROLE), 'OPEN', 'query.forbidden'],
    ['handleAllQuery answers', 'answer', actor(ALL, 3, null), 'OPEN', null],
    ['query closes an answered query', 'close', actor(QUERY, 2, CRC_ROLE), 'ANSWERED', null],
    ['query cannot close an open query', 'close', actor(QUERY), 'OPEN', 'query.forbidden'],
    ['answerQuery cannot close', 'close', actor(ANSWER, 2, CRC_ROLE), 'ANSWERED', 'query.forbidden'],
    ['handleAllQuery closes an open query', 'close', actor(ALL, 3, null), 'OPEN', null],
    ['nobody closes a closed query', 'close', actor(ALL, 3, null), 'CLOSED', 'query.wrong_status'],
    ['the raiser cancels an open query', 'cancel', actor(QUERY), 'OPEN', null],
    ['the raiser cancels an answered query', 'cancel', actor(QUERY), 'ANSWERED', null],
    ['another user of the raising role cannot cancel', 'cancel', actor(QUERY, 4, MONITOR_ROLE), 'OPEN', 'query.not_owner'],
    ['the raiser who lost the query right cannot cancel', 'cancel', actor(NONE), 'OPEN', 'query.forbidden'],
    ['handleAllQuery cancels anyone’s query', 'cancel', actor(ALL, 3, CRC_ROLE), 'ANSWERED', null],
    ['no rights, no action', 'answer', actor(NONE, 5, null), 'OPEN', 'query.forbidden'],
  ];
  it.each(rows)('%s', (_name, action, who, status, expected) => {
    expect(queryRefusal(action, who, query(status), off)).toBe(expected);
  });

  describe('sameRoleCancelCloseQuery (project flag)', () => {
    const on = { sameRoleCancelClose: true };
    it.each<Row>([
      ['another user of the raising role cancels', 'cancel', actor(QUERY, 4, MONITOR_ROLE), 'OPEN', null],
      ['another user of the raising role closes an answered query', 'close', actor(QUERY, 4, MONITOR_ROLE), 'ANSWERED', null],
      ['a user of another role holding query cannot close', 'close', actor(QUERY, 2, CRC_ROLE), 'ANSWERED', 'query.not_owner'],
      ['a user of another role cannot cancel', 'cancel', actor(QUERY, 2, CRC_ROLE), 'OPEN', 'query.not_owner'],
      ['handleAllQuery still closes', 'close', actor(ALL, 3, CRC_ROLE), 'OPEN', null],
    ])('%s', (_name, action, who, status, expected) => {
      expect(queryRefusal(action, who, query(status), on)).toBe(expected);
    });

    it('falls back to the raising user when the raiser had no role (a manager)', () => {
      const byManager: QueryFacts = { status: 'OPEN', raisedBy: 9, raisedRoleId: null };
      expect(queryRefusal('cancel', actor(QUERY, 9, null), byManager, on)).toBeNull();
      expect(queryRefusal('cancel', actor(QUERY, 8, null), byManager, on)).toBe('query.not_owner');
    });
  });

  it('lists the abilities for the thread dialog', () => {
    expect(queryAbilities(actor(ALL, 3, null), query('OPEN'), off)).toEqual(['answer', 'close', 'cancel']);
    expect(queryAbilities(actor(QUERY), query('ANSWERED'), off)).toEqual(['close', 'cancel']);
    expect(queryAbilities(actor(ANSWER, 2, CRC_ROLE), query('ANSWERED'), off)).toEqual([]);
    for (const status of QUERY_STATUSES.filter((s) => s !== 'OPEN' && s !== 'ANSWERED')) {
      expect(queryAbilities(actor(ALL, 3, null), query(status), off)).toEqual([]);
    }
  });

  it('offers the field’s query actions as spec 002 §6 says', () => {
    expect(mayHandleFieldQueries(ANSWER, ['OPEN'])).toBe(true);
    expect(mayHandleFieldQueries(ANSWER, ['ANSWERED'])).toBe(false);
    expect(mayHandleFieldQueries(QUERY, ['ANSWERED'])).toBe(true);
    expect(mayHandleFieldQueries(QUERY, ['OPEN'])).toBe(false);
    expect(mayHandleFieldQueries({ ...NONE, handleAll: true }, ['OPEN'])).toBe(true);
    expect(mayHandleFieldQueries(ALL, ['CLOSED', 'CANCELED'])).toBe(false);
  });
});

describe('raising a query', () => {
  it.each([
    [QUERY, 'COMPLETED', null],
    [QUERY, '', null],
    [QUERY, 'SIGNED', null],
    [QUERY, 'LOCKED', 'query.field_locked'],
    [{ ...NONE, handleAll: true }, 'VERIFIED', null],
    [ANSWER, 'COMPLETED', 'query.forbidden'],
  ] as const)('rights %o on a %s field: %s', (rights, status, expected) => {
    expect(raiseRefusal(rights, status)).toBe(expected);
  });

  it('takes the text in either language or both, and refuses a stray field', () => {
    expect(raiseQuerySchema.safeParse({ panelInstanceId: 1, path: 'AGE', content: '请核实' }).success).toBe(true);
    expect(raiseQuerySchema.safeParse({ panelInstanceId: 1, path: 'AGE', contentEn: 'Please check' }).success).toBe(true);
    expect(raiseQuerySchema.safeParse({ panelInstanceId: 1, path: 'AGE', content: 'x', status: 'CLOSED' }).success).toBe(false);
    expect(raiseQuerySchema.safeParse({ panelInstanceId: 1, path: '', content: 'x' }).success).toBe(false);
  });
});

describe('query age groups', () => {
  const now = new Date('2026-03-31T12:00:00Z');
  const ago = (days: number, ms = 0) => new Date(now.getTime() - days * 86_400_000 - ms);
  it.each([
    [0, 'le7'],
    [7, 'le7'],
    [8, 'd8to30'],
    [30, 'd8to30'],
    [31, 'gt30'],
  ] as const)('%i days is %s, and its range agrees', (days, group) => {
    const raised = ago(days, 1000);
    expect(queryAgeGroup(queryAgeDays(raised, now))).toBe(group);
    const range = queryAgeGroupRange(group, now);
    expect(range.after === null || raised > range.after).toBe(true);
    expect(range.atOrBefore === null || raised <= range.atOrBefore).toBe(true);
  });
});

describe('times with offset (COMPLIANCE TS-2)', () => {
  it('writes an instant in the zone with its offset', () => {
    expect(isoWithOffset('2026-03-01T08:05:09.123Z', 'Asia/Shanghai')).toBe('2026-03-01T16:05:09+08:00');
    expect(isoWithOffset('2026-03-01T08:05:09Z')).toBe('2026-03-01T08:05:09+00:00');
    expect(isoWithOffset('2026-07-01T08:00:00Z', 'America/New_York')).toBe('2026-07-01T04:00:00-04:00');
    expect(isoWithOffset('2026-01-01T08:00:00Z', 'Asia/Kolkata')).toBe('2026-01-01T13:30:00+05:30');
  });
});
