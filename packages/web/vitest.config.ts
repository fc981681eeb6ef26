import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'web',
    root: import.meta.dirname,
    environment: 'jsdom',
    include: ['src/**/*.test.tsx', 'src/**/*.test.ts'],
    setupFiles: ['src/test/setup.ts'],
    // antd's style engine is slow under jsdom; a page test with a table takes a few seconds alone, several
    // times that on a slow machine with the whole run beside it. The limit only catches a hang.
    testTimeout: 60_000,
    // Every page test imports antd, React and the app: importing them once per worker rather than once per
    // file cut the suite from about three minutes to one. Tests share no module state they do not reset:
    // the setup file unmounts, clears storage and restores timers after each test.
    isolate: false,
    // Page tests allocate fast; a larger young generation halves the time spent collecting it.
    execArgv: ['--max-semi-space-size=64'],
  },
});
