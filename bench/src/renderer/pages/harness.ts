import type { BenchGlobal, BenchPageHooks, FormProbe } from './contract';

/**
 * The page side of the benchmark, the same for both renderers. A renderer is reached only through its DOM:
 * what a user would see and touch, never its internal state, so both are measured by the same yardstick.
 */

/** What differs between renderers: how to mount a form and where a field lives in the DOM. */
export interface RendererAdapter {
  mount(form: unknown, container: HTMLElement): void;
  /** The element that holds a field's label and control, or null while it is not rendered. */
  fieldElement(name: string): HTMLElement | null;
  /** The text a computed field shows. */
  readField(name: string): string | null;
  /** The radio input of a choice field's option. */
  option(name: string, value: string): HTMLInputElement | null;
  renderCount?: () => number | null;
}

const DEFAULT_TIMEOUT_MS = 120_000;

function nextFrame(): Promise<number> {
  return new Promise((resolve) => requestAnimationFrame(resolve));
}

/** Two frames: the first runs before the pending paint, the second after it. */
async function painted(): Promise<void> {
  await nextFrame();
  await nextFrame();
}

/**
 * Resolves with the moment `predicate` first held. It is checked right after every DOM change (a mutation
 * observer's callback runs once the renderer's task has written the DOM) and at every frame.
 */
function whenTrue(predicate: () => boolean, timeoutMs = DEFAULT_TIMEOUT_MS): Promise<number> {
  return new Promise((resolve, reject) => {
    if (predicate()) {
      resolve(performance.now());
      return;
    }
    let done = false;
    const finish = (error?: Error) => {
      done = true;
      observer.disconnect();
      clearTimeout(timer);
      if (error) reject(error);
      else resolve(performance.now());
    };
    const check = () => {
      if (!done && predicate()) finish();
    };
    const observer = new MutationObserver(check);
    observer.observe(document.body, { childList: true, subtree: true, attributes: true, characterData: true });
    const timer = setTimeout(() => {
      finish(new Error(`Timed out after ${timeoutMs} ms`));
    }, timeoutMs);
    const poll = () => {
      if (done) return;
      check();
      requestAnimationFrame(poll);
    };
    requestAnimationFrame(poll);
  });
}

function isVisible(element: HTMLElement | null): boolean {
  return element !== null && element.isConnected && element.checkVisibility();
}

/** Sets an input's value through the native setter, so React's change tracking sees it as typed. */
function typeInto(input: HTMLInputElement | HTMLTextAreaElement, value: string): void {
  const prototype = input instanceof HTMLTextAreaElement ? HTMLTextAreaElement.prototype : HTMLInputElement.prototype;
  input.focus();
  // The prototype's setter with the input as receiver, past React's own value property.
  Reflect.set(prototype, 'value', value, input);
  input.dispatchEvent(new Event('input', { bubbles: true }));
  input.dispatchEvent(new Event('change', { bubbles: true }));
  input.blur();
}

function parseShown(text: string | null): number | null {
  if (text === null) return null;
  const cleaned = text.replace(/[\s,]/g, '');
  if (cleaned === '') return null;
  const value = Number(cleaned);
  return Number.isFinite(value) ? value : null;
}

export function installHooks(adapter: RendererAdapter): void {
  const container = document.getElementById('root');
  if (!container) throw new Error('The page has no #root element');

  const setValue = (name: string, value: string) => {
    const input = adapter.fieldElement(name)?.querySelector<HTMLInputElement | HTMLTextAreaElement>('input, textarea');
    if (!input) throw new Error(`No input for ${name}`);
    typeInto(input, value);
  };

  const hooks: BenchPageHooks = {
    async render(form: unknown, probe: FormProbe) {
      const start = performance.now();
      adapter.mount(form, container);
      // Layout is forced only once the last field exists, so watching costs the renderer next to nothing.
      let last: HTMLElement | null = null;
      await whenTrue(() => (last ??= adapter.fieldElement(probe.last)) !== null && isVisible(last));
      await painted();
      return performance.now() - start;
    },
    setValue,
    async waitFor(predicate, timeoutMs) {
      await whenTrue(predicate, timeoutMs);
    },
    async timeFormula(probe) {
      const before = parseShown(adapter.readField(probe.chainEnd));
      if (before === probe.chainEndExpected) throw new Error(`${probe.chainEnd} already shows ${before}`);
      const start = performance.now();
      setValue(probe.source, probe.sourceValue);
      const end = await whenTrue(() => parseShown(adapter.readField(probe.chainEnd)) === probe.chainEndExpected);
      return end - start;
    },
    async timeCondition(probe) {
      const shown = () => probe.conditional.every((name) => isVisible(adapter.fieldElement(name)));
      if (shown()) throw new Error('The conditional fields are visible before the condition holds');
      const option = adapter.option(probe.trigger, probe.triggerValue);
      if (!option) throw new Error(`No option ${probe.triggerValue} for ${probe.trigger}`);
      const start = performance.now();
      option.click();
      const end = await whenTrue(shown);
      return end - start;
    },
    renderCount: () => adapter.renderCount?.() ?? null,
  };
  (globalThis as BenchGlobal).bench = hooks;
}
