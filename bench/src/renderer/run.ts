import { existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import type { Browser } from 'playwright-core';
import type { BuiltPage, PageName } from './build.js';
import { OUT_DIR, PAGES, buildPage } from './build.js';
import { describeError } from '../describe-error.js';
import { checkForm, generateForm } from './generate.js';
import type { GeneratedForm } from './generate.js';
import type { Sample } from './measure.js';
import { measureOnce } from './measure.js';
import type { Outcome, SizeResult } from './report.js';
import { formatBundles, formatResults, formatSamples } from './report.js';
import { serveStatic } from './serve.js';
import { toSurveyJson } from './surveyjs.js';

/**
 * The renderer benchmark: the same generated case report form drawn by our renderer and by SurveyJS in
 * headless Chromium, at one, three and ten times its size, each measurement repeated on a fresh page. It
 * prints figures and the goals beside them; only a harness that cannot run at all exits non-zero.
 *
 * Settings from the environment: BENCH_SCALES (default "1,3,10"), BENCH_REPEATS (default 3) and
 * CHROMIUM_PATH (default /usr/bin/chromium, Debian's package).
 */

interface Settings {
  scales: number[];
  repeats: number;
  chromiumPath: string;
}

/** Chromium's own network features only produce refused connections on a closed network. */
const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

const RENDERER_ENTRY = path.resolve(import.meta.dirname, '../../../packages/web/src/features/renderer/index.ts');

const LABELS: Record<PageName, string> = { ours: 'ours', surveyjs: 'SurveyJS' };

/** Other work on the machine slows both renderers; the load average tells the reader how much there was. */
function loadAverage(): string {
  return `load average ${os.loadavg().map((load) => load.toFixed(1)).join(' ')}`;
}

function readSettings(env: NodeJS.ProcessEnv): Settings {
  const scales = (env.BENCH_SCALES ?? '1,3,10').split(',').map((part) => Number(part.trim()));
  if (scales.some((scale) => !Number.isInteger(scale) || scale < 1 || scale > 50)) {
    throw new Error(`BENCH_SCALES must list whole numbers from 1 to 50, such as "1,3,10", not "${env.BENCH_SCALES ?? ''}"`);
  }
  const repeats = Number(env.BENCH_REPEATS ?? '3');
  if (!Number.isInteger(repeats) || repeats < 1 || repeats > 20) throw new Error(`BENCH_REPEATS must be a whole number from 1 to 20`);
  return { scales, repeats, chromiumPath: env.CHROMIUM_PATH ?? '/usr/bin/chromium' };
}

/** Builds both pages; a page that cannot be built is reported and left out, the other still runs. */
async function buildPages(): Promise<{ built: Partial<Record<PageName, BuiltPage>>; failures: Partial<Record<PageName, string>> }> {
  const built: Partial<Record<PageName, BuiltPage>> = {};
  const failures: Partial<Record<PageName, string>> = {};
  for (const name of PAGES) {
    if (name === 'ours' && !existsSync(RENDERER_ENTRY)) {
      failures.ours = 'the renderer (packages/web/src/features/renderer/index.ts) does not exist yet';
      continue;
    }
    console.log(`building the ${LABELS[name]} page`);
    try {
      built[name] = await buildPage(name);
    } catch (error) {
      failures[name] = `build failed: ${describeError(error).split('\n')[0] ?? ''}`;
    }
  }
  return { built, failures };
}

function formFor(name: PageName, form: GeneratedForm, surveyJson: unknown): unknown {
  switch (name) {
    case 'ours':
      return form.panel;
    case 'surveyjs':
      return surveyJson;
  }
}

async function measureSize(browser: Browser, origin: string, scale: number, settings: Settings, built: Partial<Record<PageName, BuiltPage>>, failures: Partial<Record<PageName, string>>): Promise<SizeResult> {
  const form = generateForm(scale);
  checkForm(form);
  const surveyJson = toSurveyJson(form.panel);
  const samples: Record<PageName, Sample[]> = { ours: [], surveyjs: [] };
  const failed: Partial<Record<PageName, string>> = { ...failures };
  // Renderers alternate within each round, so a burst of load on the shared machine hits both alike.
  for (let round = 1; round <= settings.repeats; round += 1) {
    for (const name of PAGES) {
      const page = built[name];
      if (!page || failed[name] !== undefined) continue;
      try {
        const sample = await measureOnce(browser, `${origin}${page.urlPath}`, formFor(name, form, surveyJson), form.probe);
        samples[name].push(sample);
        console.log(
          `${scale}x round ${round} ${LABELS[name]}: render ${sample.renderMs.toFixed(0)} ms, formula ${sample.formulaMs.toFixed(1)} ms, condition ${sample.conditionMs.toFixed(1)} ms`,
        );
      } catch (error) {
        failed[name] = describeError(error).split('\n')[0] ?? 'unknown error';
        console.log(`${scale}x round ${round} ${LABELS[name]}: FAILED: ${failed[name]}`);
      }
    }
  }
  const outcome = (name: PageName): Outcome => {
    const reason = failed[name];
    return reason === undefined ? { kind: 'measured', samples: samples[name] } : { kind: 'failed', reason };
  };
  return { scale, fields: form.counts.fields, outcomes: { ours: outcome('ours'), surveyjs: outcome('surveyjs') } };
}

async function main(): Promise<void> {
  const settings = readSettings(process.env);
  const base = generateForm(1).counts;
  console.log(
    `Renderer benchmark: a form of ${base.fields} fields, ${base.formulas} formulas (chain depth 3), ${base.conditional} fields behind one condition, ` +
      `a repeatable table of ${base.tableCells} cells; sizes ${settings.scales.map((scale) => `${scale}x`).join(', ')}; median of ${settings.repeats} fresh pages each.`,
  );
  console.log(
    'Our formula debounce (spec 002 §9: 500 ms) is set to 0 ms here, since SurveyJS has none; times run from the action to the DOM showing its result, render to two frames after the last field appears.',
  );
  console.log(`Machine: ${os.cpus().length} CPUs (${os.cpus()[0]?.model ?? 'unknown'}), ${loadAverage()}.`);

  const { built, failures } = await buildPages();
  for (const [name, reason] of Object.entries(failures)) console.log(`${name}: ${reason}`);
  const server = await serveStatic(OUT_DIR);
  let browser: Browser | undefined;
  try {
    browser = await chromium.launch({ executablePath: settings.chromiumPath, args: CHROMIUM_ARGS, headless: true });
    console.log(`Chromium ${browser.version()}`);
    const results: SizeResult[] = [];
    for (const scale of settings.scales) {
      results.push(await measureSize(browser, server.origin, scale, settings, built, failures));
    }
    console.log('');
    console.log(formatResults(results));
    console.log('');
    console.log(formatBundles(built));
    console.log('');
    console.log('Samples (each a fresh page):');
    console.log(formatSamples(results));
    console.log(`At the end: ${loadAverage()}; a load above the CPU count makes every figure slower and noisier.`);
  } finally {
    await browser?.close();
    await server.close();
  }
}

main().catch((error: unknown) => {
  console.error(`The renderer benchmark could not run: ${describeError(error)}`);
  process.exitCode = 1;
});
