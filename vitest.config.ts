import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      { test: { name: 'core', root: 'packages/core', include: ['src/**/*.test.ts'] } },
      {
        test: {
          name: 'server',
          root: 'packages/server',
          include: ['src/**/*.test.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // Each file gets its own embedded database; two workers keep the two cores busy.
          poolOptions: { forks: { maxForks: 2 } },
        },
      },
      'packages/web/vitest.config.ts',
    ],
  },
});
