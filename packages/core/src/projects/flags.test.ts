import { describe, expect, it } from 'vitest';
import { AVAILABLE_CAPABILITIES, isFlagOffered, offeredConfigFlags, PROJECT_FLAGS } from './flags.js';
import { PROJECT_CONFIG_FLAGS } from './schemas.js';

describe('project configuration flags (spec 000 §3)', () => {
  it('has one row for each of the fourteen flags', () => {
    expect(PROJECT_CONFIG_FLAGS).toHaveLength(14);
    expect(Object.keys(PROJECT_FLAGS).sort()).toEqual([...PROJECT_CONFIG_FLAGS].sort());
  });

  it('offers a flag exactly when its capability exists', () => {
    for (const flag of PROJECT_CONFIG_FLAGS) {
      expect(isFlagOffered(flag), flag).toBe(AVAILABLE_CAPABILITIES.has(PROJECT_FLAGS[flag].capability));
    }
    expect(offeredConfigFlags()).toEqual(PROJECT_CONFIG_FLAGS.filter(isFlagOffered));
  });

  it('offers the visit-task, data-entry and pre-screening flags, whose capabilities exist; WeChat and OCR do not exist yet', () => {
    expect(offeredConfigFlags()).toContain('visitTask');
    expect(offeredConfigFlags()).toEqual(expect.arrayContaining(['clinicalNumber', 'clinicalNumberMust', 'varsRequeredOnRecruit', 'preScreen', 'preScreenSuspend']));
    expect(offeredConfigFlags()).not.toContain('openWechatMp');
    expect(offeredConfigFlags()).not.toContain('enableOcr');
  });

  it('names the code reading every offered flag', () => {
    for (const flag of offeredConfigFlags()) expect(PROJECT_FLAGS[flag].readBy.length, flag).toBeGreaterThan(0);
  });

  it('names the pre-screening suspension call and the subjects service as the readers of the pre-screening flags', () => {
    expect(PROJECT_FLAGS.preScreen.readBy.join()).toContain('pre-screen-service.ts');
    expect(PROJECT_FLAGS.preScreen.readBy.join()).toContain('subjects/service.ts');
    expect(PROJECT_FLAGS.preScreenSuspend.readBy.join()).toContain('pre-screen-service.ts');
    expect(isFlagOffered('preScreen')).toBe(true);
  });
});
