// `npm test`: lint, type-check, unit tests, the API integration suite on PGlite and (when a server is
// configured) on PostgreSQL, then the browser journeys. Every step runs; the exit code is non-zero if any
// failed, and the last line counts the tests of all runners.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const resultsDir = path.join(root, 'test-results');
fs.mkdirSync(resultsDir, { recursive: true });
const ci = process.env.CI === 'true' || process.env.CI === '1';
const postgresUrl = process.env.TEST_DATABASE_URL ?? (ci ? 'postgres://postgres@127.0.0.1:5432/test' : undefined);
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

const steps = [];
let passed = 0;
let failed = 0;

function run(name, command, args, env = {}) {
  console.log(`\n▶ ${name}: ${command} ${args.join(' ')}`);
  const started = Date.now();
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  const ok = result.status === 0;
  steps.push({ name, ok, seconds: Math.round((Date.now() - started) / 1000) });
  return ok;
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

function vitest(name, projects, file, env = {}) {
  const args = ['vitest', 'run', ...projects.flatMap((p) => ['--project', p]), '--reporter=default', '--reporter=json', `--outputFile.json=${path.join(resultsDir, file)}`];
  fs.rmSync(path.join(resultsDir, file), { force: true });
  count(file, !run(name, 'npx', args, env));
}

run('lint', 'npx', ['eslint', '.', '--max-warnings', '0']);
run('type-check', 'npx', ['tsc', '-b', 'packages/core', 'packages/server', 'packages/web', 'e2e', 'bench']);
vitest('unit tests (core, web)', ['core', 'web'], 'unit.json');
vitest('API integration on PGlite', ['server'], 'api-pglite.json', { TEST_DATABASE_URL: '' });
if (postgresUrl) {
  vitest('API integration on PostgreSQL', ['server'], 'api-postgres.json', { TEST_DATABASE_URL: postgresUrl });
} else {
  console.log('\n▷ API integration on PostgreSQL skipped: set TEST_DATABASE_URL (CI always runs it).');
}
if (fs.existsSync(chromium) || ci) {
  // Under CI a missing browser is a failure, never a skip.
  if (run('web build', 'npm', ['run', 'build'])) {
    const file = 'e2e.json';
    fs.rmSync(path.join(resultsDir, file), { force: true });
    count(file, !run('browser journeys', 'npm', ['run', 'test', '-w', '@dcap/e2e'], { CHROMIUM_PATH: chromium, PLAYWRIGHT_JSON_OUTPUT_NAME: path.join(resultsDir, file) }));
  }
} else {
  console.log(`\n▷ Browser journeys skipped: no Chromium at ${chromium} (install Debian's chromium; CI installs it).`);
}

console.log('\nSteps:');
for (const step of steps) console.log(`  ${step.ok ? '✔' : '✘'} ${step.name} (${step.seconds}s)`);
const failedSteps = steps.filter((step) => !step.ok).length;
console.log(`tests: ${passed} passed, ${failed} failed`);
process.exit(failedSteps > 0 || failed > 0 ? 1 : 0);
