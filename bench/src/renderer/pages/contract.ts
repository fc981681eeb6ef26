/**
 * What the benchmark harness and the two browser pages agree on. The harness runs in Node, the pages in
 * Chromium; this file holds only types, so both sides can import it.
 */

/** Where to act and what to look for, all by field name (our `model`, SurveyJS's `name`). */
export interface FormProbe {
  /** The number input at the start of the formula chain. */
  source: string;
  /** What is typed into it. */
  sourceValue: string;
  /** The formula three levels down from `source`. */
  chainEnd: string;
  /** What `chainEnd` must show once the chain has updated. */
  chainEndExpected: number;
  /** The radio every conditional field depends on, and the option that shows them. */
  trigger: string;
  triggerValue: string;
  /** The fields behind the condition; hidden until `trigger` takes `triggerValue`. */
  conditional: string[];
  /** The last field of the form: once it is on screen, the whole form has rendered. */
  last: string;
}

/** The hooks each page puts on `window.bench`. Times are milliseconds of the page's own clock. */
export interface BenchPageHooks {
  /** Renders the form and resolves once it is painted: the last field is in the DOM, then two frames. */
  render(form: unknown, probe: FormProbe): Promise<number>;
  /** Types a value into a text or number input as a user would: focus, input event, leave the field. */
  setValue(name: string, value: string): void;
  /** Resolves when `predicate` holds, checked after every DOM change and every frame; rejects on time-out. */
  waitFor(predicate: () => boolean, timeoutMs?: number): Promise<void>;
  /** Types `probe.sourceValue` and resolves with the time until the DOM shows the chain end's new value. */
  timeFormula(probe: FormProbe): Promise<number>;
  /** Picks the trigger option and resolves with the time until every conditional field is visible in the DOM. */
  timeCondition(probe: FormProbe): Promise<number>;
  /** How many times the renderer's field components rendered, when the renderer reports it. */
  renderCount(): number | null;
}

/** The global the harness reads: `globalThis.bench` once the page script has run. */
export interface BenchGlobal {
  bench?: BenchPageHooks;
}
