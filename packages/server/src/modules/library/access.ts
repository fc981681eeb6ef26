/** Platform library administration (spec 000 §2.2 /sys/standardField, /sys/standardInstrument, /sys/dict). */
export const MANAGE_LIBRARY = { platform: 'library.manage' } as const;
