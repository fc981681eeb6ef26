import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createEnvMarkerWatch, ENV_MARKER_KEY, markerOf } from './envMarker';

// Spec 000 §4.4: "If the stored environment marker differs from the session's, a warning modal asks the user
// to confirm the current operating environment; OK clears the marker, reinitialises the system and reloads."
describe('the window’s environment marker (spec 000 §4.4, spec 002 §8)', () => {
  beforeEach(() => window.sessionStorage.clear());

  function setup() {
    const mismatch = vi.fn();
    const watch = createEnvMarkerWatch(window.sessionStorage, mismatch);
    return { watch, mismatch };
  }

  it('keeps the marker in this window’s session storage under a pro__ key', () => {
    const { watch } = setup();
    watch.adopt({ projectId: 5, env: 'uat' });
    expect(ENV_MARKER_KEY.startsWith('pro__')).toBe(true);
    expect(JSON.parse(String(window.sessionStorage.getItem(ENV_MARKER_KEY)))).toEqual({ projectId: 5, env: 'uat' });
    expect(watch.current()).toEqual({ projectId: 5, env: 'uat' });
  });

  it('warns once when the session’s project or environment differs from the window’s', () => {
    const { watch, mismatch } = setup();
    watch.adopt({ projectId: 5, env: 'uat' });
    watch.observe({ projectId: 5, env: 'uat' }, watch.stamp());
    expect(mismatch).not.toHaveBeenCalled();
    watch.observe({ projectId: 5, env: 'prd' }, watch.stamp());
    watch.observe({ projectId: 9, env: 'uat' }, watch.stamp());
    expect(mismatch).toHaveBeenCalledTimes(1);
    expect(mismatch).toHaveBeenCalledWith({ projectId: 5, env: 'uat' }, { projectId: 5, env: 'prd' });
  });

  it('sees a project entered in another window while this one had none', () => {
    const { watch, mismatch } = setup();
    watch.adopt({ projectId: null, env: null });
    watch.observe({ projectId: 3, env: 'uat' }, watch.stamp());
    expect(mismatch).toHaveBeenCalledTimes(1);
  });

  it('compares nothing before the window adopted a marker in this page load, even with one stored', () => {
    window.sessionStorage.setItem(ENV_MARKER_KEY, JSON.stringify({ projectId: 5, env: 'uat' }));
    const { watch, mismatch } = setup();
    watch.observe({ projectId: 5, env: 'prd' }, watch.stamp());
    expect(mismatch).not.toHaveBeenCalled();
  });

  it('does not compare an answer to a call sent before the window switched itself', () => {
    const { watch, mismatch } = setup();
    watch.adopt({ projectId: 5, env: 'uat' });
    const sentBefore = watch.stamp();
    watch.adopt({ projectId: 5, env: 'prd' });
    watch.observe({ projectId: 5, env: 'uat' }, sentBefore);
    expect(mismatch).not.toHaveBeenCalled();
    watch.observe({ projectId: 5, env: 'prd' }, watch.stamp());
    expect(mismatch).not.toHaveBeenCalled();
  });

  it('clears the marker and compares nothing until the next initialisation', () => {
    const { watch, mismatch } = setup();
    watch.adopt({ projectId: 5, env: 'uat' });
    watch.clear();
    expect(window.sessionStorage.getItem(ENV_MARKER_KEY)).toBeNull();
    watch.observe({ projectId: 9, env: 'prd' }, watch.stamp());
    expect(mismatch).not.toHaveBeenCalled();
  });

  it.each([
    [{ consistencyProjectId: 5, consistencyProjectCurrEnv: 'uat' }, { projectId: 5, env: 'uat' }],
    [{ consistencyProjectId: '12', consistencyProjectCurrEnv: 'prd' }, { projectId: 12, env: 'prd' }],
    [{ consistencyProjectId: null, consistencyProjectCurrEnv: null }, { projectId: null, env: null }],
    [{ consistencyProjectId: 4, consistencyProjectCurrEnv: '' }, { projectId: 4, env: null }],
    [{ code: 0 }, null],
  ])('reads the envelope fields %j', (envelope, expected) => {
    expect(markerOf(envelope)).toEqual(expected);
  });
});
