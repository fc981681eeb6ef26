import { defineConfig } from '@playwright/test';

const port = Number(process.env.E2E_PORT ?? 8181);
export const ADMIN = { username: 'admin', password: 'Admin@e2e2026' };
/** The inbox of the local SMTP server the platform's e-mail goes to (mail-sink.ts). */
export const INBOX_URL = `http://127.0.0.1:${String(port + 1)}/`;

/** The system Chromium (Debian's package), never a downloaded browser. */
const executablePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export default defineConfig({
  testDir: './tests',
  // Generous: the journeys share two cores with the rest of `npm test`, and a wait only lasts this long when
  // something is wrong.
  timeout: 90_000,
  expect: { timeout: 20_000 },
  fullyParallel: false,
  workers: 1,
  retries: 0,
  forbidOnly: true,
  reporter: [['list'], ['json', { outputFile: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ?? 'test-results/e2e.json' }]],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    locale: 'zh-CN',
    // The app turns antd's animations off for users who ask for reduced motion; the journeys do, as they
    // would otherwise spend most of the browser's time drawing animation frames.
    reducedMotion: 'reduce',
    screenshot: 'only-on-failure',
    trace: 'off',
    launchOptions: {
      executablePath,
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    },
  },
  webServer: {
    command: 'node --import tsx start-server.ts',
    url: `http://127.0.0.1:${port}/dcap/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      ADMIN_USERNAME: ADMIN.username,
      ADMIN_PASSWORD: ADMIN.password,
      // Every journey signs in from this one address; the per-address limit has its own API tests, and the
      // default (30 a minute) would make the journeys' order matter.
      LOGIN_RATE_LIMIT_PER_MINUTE: '300',
      // The official ODM 1.3.2 schema beside the checkout, as in CI (the design import refuses files without one).
      ODM_SCHEMA: process.env.ODM_SCHEMA ?? '../shared/schemas/odm-1.3.2/ODM1-3-2.xsd',
      // Links the platform sends (questionnaires) begin with the address the journeys use.
      PUBLIC_URL: `http://127.0.0.1:${String(port)}`,
    },
  },
});
