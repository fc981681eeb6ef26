import { describe, expect, it } from 'vitest';
import { AS_PLATFORM_ADMIN, makeEnv, makeProject } from '../../test/fixtures';
import { DATA_ENTRY_ONLY } from './designTestKit';
import { designEditability } from './editability';

const dev = makeEnv('dev', 'dev');
const sde = makeEnv('sde1', 'sde');
const uat = makeEnv('uat', 'uat');

describe('designEditability (spec 000 §4.3, §6)', () => {
  it('allows a designer in an editable status in a dev-type environment', () => {
    expect(designEditability(makeProject(), dev)).toEqual({ editable: true, reason: null });
    expect(designEditability(makeProject({ status: 'ON_RESEARCH' }), sde).editable).toBe(true);
  });

  it('gives the most fundamental reason first', () => {
    expect(designEditability(null, dev).reason).toBe('noProject');
    expect(designEditability(makeProject({ status: 'LOCKED' }, DATA_ENTRY_ONLY), uat).reason).toBe('noRight');
    expect(designEditability(makeProject({ status: 'LOCKED' }, AS_PLATFORM_ADMIN), uat).reason).toBe('status');
    expect(designEditability(makeProject(), uat).reason).toBe('environment');
    expect(designEditability(makeProject(), null).reason).toBe('environment');
  });

  it('refuses a disabled development environment', () => {
    expect(designEditability(makeProject(), makeEnv('dev', 'dev', 'disable')).reason).toBe('environment');
  });
});
