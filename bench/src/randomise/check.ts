import type { DatabaseHandle } from '@dcap/server/src/db/database.js';

/**
 * The check after a run: in every stratum of the scheme's list the used slots are exactly 1 to n in
 * sequence order, none used twice and none skipped (docs/decisions.md, "Atomic allocation"); every
 * allocation took a slot, and every allocated subject is enrolled.
 */
export interface SlotCheck {
  ok: boolean;
  allocations: number;
  lines: string[];
}

export async function checkSlots(database: DatabaseHandle, schemeId: number, expected: number): Promise<SlotCheck> {
  const db = database.db;
  const strata = await db
    .selectFrom('rand_allocations as a')
    .innerJoin('rand_slots as s', 's.id', 'a.slot_id')
    .select((eb) => [
      's.stratum',
      eb.fn.countAll<string>().as('used'),
      eb.fn.count<string>('a.slot_id').distinct().as('distinct'),
      eb.fn.min<number>('s.seq').as('first'),
      eb.fn.max<number>('s.seq').as('last'),
    ])
    .where('a.scheme_id', '=', schemeId)
    .groupBy('s.stratum')
    .orderBy('s.stratum')
    .execute();
  const all = await db.selectFrom('rand_allocations').select((eb) => [eb.fn.countAll<string>().as('n'), eb.fn.count<string>('slot_id').as('slotted')]).where('scheme_id', '=', schemeId).executeTakeFirstOrThrow();
  const enrolled = await db
    .selectFrom('subjects as s')
    .innerJoin('rand_allocations as a', 'a.subject_id', 's.id')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('a.scheme_id', '=', schemeId)
    .where('s.status', '=', 'ARMED')
    .whereRef('s.random_no', '=', 'a.random_no')
    .executeTakeFirstOrThrow();
  const lines: string[] = [];
  let ok = true;
  for (const stratum of strata) {
    const used = Number(stratum.used);
    const good = Number(stratum.distinct) === used && stratum.first === 1 && stratum.last === used;
    ok &&= good;
    lines.push(`stratum ${stratum.stratum}: ${String(used)} slots used, sequence ${String(stratum.first)}–${String(stratum.last)}, ${stratum.distinct} distinct: ${good ? 'none twice, none skipped' : 'SLOTS USED TWICE OR SKIPPED'}`);
  }
  const allocations = Number(all.n);
  const slotted = Number(all.slotted);
  const armed = Number(enrolled.n);
  const whole = allocations === expected && slotted === allocations && armed === allocations;
  ok &&= whole;
  lines.push(`${String(allocations)} allocations (${String(expected)} randomisations answered 200), ${String(slotted)} with a slot, ${String(armed)} subjects enrolled with their random number: ${whole ? 'consistent' : 'INCONSISTENT'}`);
  return { ok, allocations, lines };
}
