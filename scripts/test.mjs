// `npm test`: lint, type-check, unit tests, the API integration suite on PGlite and (when a server is
// configured) on PostgreSQL, and the browser journeys. Every step runs; the exit code is non-zero if any
// failed, and the last line counts the tests of all runners.
//
// Steps run in two lanes side by side (see below and docs/architecture.md, "Tests and their speed"); each
// step's output is printed whole when it ends, not interleaved.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const resultsDir = path.join(root, 'test-results');
fs.mkdirSync(resultsDir, { recursive: true });
const ci = process.env.CI === 'true' || process.env.CI === '1';
const postgresUrl = process.env.TEST_DATABASE_URL ?? (ci ? 'postgres://postgres@127.0.0.1:5432/test' : undefined);
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const browserJourneys = fs.existsSync(chromium) || ci;

const startedAll = Date.now();
const steps = [];
let passed = 0;
let failed = 0;

/**
 * Runs one step. `buffered` steps run beside others: their output is collected and printed when they end.
 * Resolves to whether the step succeeded.
 */
function run(name, command, args, { env = {}, buffered = false } = {}) {
  const started = Date.now();
  if (!buffered) console.log(`\n▶ ${name}: ${command} ${args.join(' ')}`);
  return new Promise((resolve) => {
    const child = spawn(command, args, {
      cwd: root,
      stdio: buffered ? ['ignore', 'pipe', 'pipe'] : 'inherit',
      env: { ...process.env, ...env },
    });
    const output = [];
    child.stdout?.on('data', (chunk) => output.push(chunk));
    child.stderr?.on('data', (chunk) => output.push(chunk));
    child.on('close', (code) => {
      const ok = code === 0;
      const seconds = Math.round((Date.now() - started) / 1000);
      if (buffered) {
        console.log(`\n▶ ${name}: ${command} ${args.join(' ')} (${seconds}s)`);
        process.stdout.write(Buffer.concat(output));
      }
      steps.push({ name, ok, seconds });
      resolve(ok);
    });
  });
}

/** Reads a vitest or Playwright JSON report and adds its counts to the totals. */
function count(file, runnerFailed) {
  const report = path.join(resultsDir, file);
  if (!fs.existsSync(report)) {
    if (runnerFailed) failed += 1;
    return;
  }
  const json = JSON.parse(fs.readFileSync(report, 'utf8'));
  if (typeof json.numPassedTests === 'number') {
    passed += json.numPassedTests;
    failed += json.numFailedTests;
  } else if (json.stats) {
    passed += json.stats.expected + json.stats.flaky;
    failed += json.stats.unexpected;
  }
}

async function vitest(name, projects, file, env = {}) {
  const args = ['vitest', 'run', ...projects.flatMap((p) => ['--project', p]), '--reporter=default', '--reporter=json', `--outputFile.json=${path.join(resultsDir, file)}`];
  fs.rmSync(path.join(resultsDir, file), { force: true });
  count(file, !(await runBatch(name, 'npx', args, { env, buffered: true })));
}

// Two lanes. The checking lane keeps both cores busy: the lint (one core) side by side with the type-check,
// then the unit tests and the API suite on PGlite in one vitest run (one pool of workers, no idle tail), then
// the API suite on PostgreSQL. The browser lane starts as soon as the web build is done: a journey mostly waits on
// the browser and the server, so it costs little CPU, and its time hides inside the checking lane's. The
// checking lane runs at a lower priority (`nice`) so that the journeys, which wait on each click, get a core
// whenever they ask for one.
const batch = fs.existsSync('/usr/bin/nice') ? ['nice', ['-n', '10']] : null;
function runBatch(name, command, args, options) {
  return batch ? run(name, batch[0], [...batch[1], command, ...args], options) : run(name, command, args, options);
}

const build = browserJourneys ? run('web build', 'npm', ['run', 'build'], { buffered: true }) : Promise.resolve(false);

async function browserLane() {
  if (!browserJourneys) {
    console.log(`\n▷ Browser journeys skipped: no Chromium at ${chromium} (install Debian's chromium; CI installs it).`);
    return;
  }
  // Under CI a missing browser is a failure, never a skip.
  if (!(await build)) return;
  const file = 'e2e.json';
  fs.rmSync(path.join(resultsDir, file), { force: true });
  const env = { CHROMIUM_PATH: chromium, PLAYWRIGHT_JSON_OUTPUT_NAME: path.join(resultsDir, file) };
  count(file, !(await run('browser journeys', 'npm', ['run', 'test', '-w', '@dcap/e2e'], { env, buffered: true })));
  if (postgresUrl) {
    // The data-entry journey prepares its own study, so it runs on a PostgreSQL server too (the demo-based
    // journeys need the embedded database's demo study).
    const pgFile = 'e2e-postgres.json';
    fs.rmSync(path.join(resultsDir, pgFile), { force: true });
    const pgEnv = { CHROMIUM_PATH: chromium, PLAYWRIGHT_JSON_OUTPUT_NAME: path.join(resultsDir, pgFile), E2E_DATABASE_URL: postgresUrl };
    count(pgFile, !(await run('data-entry journey on PostgreSQL', 'npm', ['run', 'test', '-w', '@dcap/e2e', '--', 'tests/data-entry.spec.ts'], { env: pgEnv, buffered: true })));
  }
}

async function checkingLane() {
  // The lint is one process on one core: it runs beside the rest rather than before it, so the type-check
  // and the test runs use the core it leaves (docs/architecture.md, "Tests and their speed").
  const lint = runBatch('lint', 'npx', ['eslint', '.', '--max-warnings', '0'], { buffered: true });
  const tests = (async () => {
    // TypeScript's native compiler checks types (several times faster than the JavaScript one, which the lint
    // still uses for its typed rules); see docs/architecture.md, "Tests and their speed".
    await runBatch('type-check', 'node', [path.join('node_modules', 'typescript-native', 'bin', 'tsc'), '-b', 'packages/core', 'packages/server', 'packages/web', 'e2e', 'bench'], { buffered: true });
    // With a PostgreSQL server the API suite runs there in full, and on PGlite only where the engine shows
    // (vitest.config.ts ENGINE_SENSITIVE).
    const pgliteName = postgresUrl ? 'unit tests (core, web) and engine-sensitive API files on PGlite' : 'unit tests (core, web) and API integration on PGlite';
    await vitest(pgliteName, ['core', 'web', 'server'], 'unit-api-pglite.json', { TEST_DATABASE_URL: '', TEST_PGLITE_SUBSET: postgresUrl ? '1' : '' });
    if (postgresUrl) {
      await vitest('API integration on PostgreSQL', ['server'], 'api-postgres.json', { TEST_DATABASE_URL: postgresUrl });
    } else {
      console.log('\n▷ API integration on PostgreSQL skipped: set TEST_DATABASE_URL (CI always runs it).');
    }
  })();
  await Promise.all([lint, tests]);
}

await Promise.all([checkingLane(), browserLane()]);

console.log('\nSteps:');
for (const step of steps) console.log(`  ${step.ok ? '✔' : '✘'} ${step.name} (${step.seconds}s)`);
console.log(`  total ${Math.round((Date.now() - startedAll) / 1000)}s`);
const failedSteps = steps.filter((step) => !step.ok).length;
console.log(`tests: ${passed} passed, ${failed} failed`);
process.exit(failedSteps > 0 || failed > 0 ? 1 : 0);
