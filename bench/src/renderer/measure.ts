import type { Browser, CDPSession, Page } from 'playwright-core';
import type { BenchGlobal, FormProbe } from './pages/contract.js';

/** One measurement of one renderer on one fresh page: render, heap, formula chain, condition. */

export interface Sample {
  renderMs: number;
  formulaMs: number;
  conditionMs: number;
  heapBytes: number;
  /** Field renders caused by the formula update, when the renderer reports them. */
  formulaRenders: number | null;
}

/** Large enough for SurveyJS at ten times the form on two busy cores. */
const PAGE_TIMEOUT_MS = 180_000;

/**
 * The page's hooks. Callbacks given to `page.evaluate` are sent as source text and run in the page, so they
 * reach the hooks through this cast inline and call nothing of this module.
 */
type PageGlobal = Required<BenchGlobal>;

/** JS heap in use after a full garbage collection, from the DevTools protocol. */
async function heapAfterGc(cdp: CDPSession): Promise<number> {
  await cdp.send('HeapProfiler.collectGarbage');
  const { metrics } = await cdp.send('Performance.getMetrics');
  const used = metrics.find((metric) => metric.name === 'JSHeapUsedSize');
  if (!used) throw new Error('Chromium reported no JSHeapUsedSize');
  return used.value;
}

async function openPage(browser: Browser, url: string): Promise<{ page: Page; errors: string[]; close: () => Promise<void> }> {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  page.setDefaultTimeout(PAGE_TIMEOUT_MS);
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  await page.goto(url, { waitUntil: 'load' });
  await page.waitForFunction(() => (globalThis as BenchGlobal).bench !== undefined);
  return { page, errors, close: () => context.close() };
}

/** Adds what the page logged to a failure, which is usually where the cause is. */
function withPageErrors(error: unknown, errors: string[]): Error {
  const message = error instanceof Error ? error.message : String(error);
  const logged = errors.length > 0 ? `; the page logged: ${errors.slice(0, 3).join(' | ').slice(0, 600)}` : '';
  return new Error(`${message.split('\n')[0] ?? message}${logged}`);
}

export async function measureOnce(browser: Browser, url: string, form: unknown, probe: FormProbe): Promise<Sample> {
  const { page, errors, close } = await openPage(browser, url);
  try {
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Performance.enable');
    const renderMs = await page.evaluate(([json, p]) => (globalThis as unknown as PageGlobal).bench.render(json, p), [form, probe] as const);
    const heapBytes = await heapAfterGc(cdp);
    const rendersBefore = await page.evaluate(() => (globalThis as unknown as PageGlobal).bench.renderCount());
    const formulaMs = await page.evaluate((p) => (globalThis as unknown as PageGlobal).bench.timeFormula(p), probe);
    const rendersAfter = await page.evaluate(() => (globalThis as unknown as PageGlobal).bench.renderCount());
    const conditionMs = await page.evaluate((p) => (globalThis as unknown as PageGlobal).bench.timeCondition(p), probe);
    const formulaRenders = rendersBefore !== null && rendersAfter !== null ? rendersAfter - rendersBefore : null;
    return { renderMs, formulaMs, conditionMs, heapBytes, formulaRenders };
  } catch (error) {
    throw withPageErrors(error, errors);
  } finally {
    await close();
  }
}
