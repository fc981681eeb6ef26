/** Time comes in through this seam so tests can move it forward (idle expiry, lockout windows). */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };
