/**
 * Greeting by hour of spec 000 §9: early morning before 9, morning through 11, noon through 13,
 * afternoon before 20, otherwise evening. The value is a catalogue key under `greeting.`.
 */
export type Greeting = 'earlyMorning' | 'morning' | 'noon' | 'afternoon' | 'evening';

export function greetingForHour(hour: number): Greeting {
  if (hour < 9) return 'earlyMorning';
  if (hour <= 11) return 'morning';
  if (hour <= 13) return 'noon';
  if (hour < 20) return 'afternoon';
  return 'evening';
}
