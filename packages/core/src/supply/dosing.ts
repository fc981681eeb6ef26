/** One line of the dosing plan: at this event, a subject of this arm gets `quantity` kits of this type. */
export interface DosingLine {
  eventId: number;
  arm: string;
  kitTypeId: number;
  quantity: number;
}

/** The kits a subject of `arm` gets at `eventId`, by kit type; empty when the plan dispenses nothing there. */
export function kitsForVisit(plan: readonly DosingLine[], arm: string, eventId: number): { kitTypeId: number; quantity: number }[] {
  return plan.filter((line) => line.arm === arm && line.eventId === eventId && line.quantity > 0).map(({ kitTypeId, quantity }) => ({ kitTypeId, quantity }));
}

/**
 * The event of a subject's first kits (filled in as the first drug number at randomisation): the first event,
 * in schedule order, at which the plan dispenses anything to the arm; null when it dispenses nothing to it.
 */
export function firstDosedEvent(plan: readonly DosingLine[], arm: string, eventOrder: readonly number[]): number | null {
  const dosed = new Set(plan.filter((line) => line.arm === arm && line.quantity > 0).map((line) => line.eventId));
  return eventOrder.find((eventId) => dosed.has(eventId)) ?? null;
}
