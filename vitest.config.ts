import os from 'node:os';
import { defineConfig } from 'vitest/config';

/**
 * Server test files that never use TEST_DATABASE_URL: they test the embedded database itself (its files,
 * migrations, backups, the audit command) or no database at all. The PostgreSQL run would repeat them
 * unchanged, so it leaves them out.
 */
const EMBEDDED_ONLY = [
  'src/cli/audit-verify.test.ts',
  'src/config.test.ts',
  'src/db/data-dir.test.ts',
  'src/db/errors.test.ts',
  'src/db/migrate.test.ts',
  'src/db/pglite-dialect.test.ts',
  'src/http/api-doc.test.ts',
  'src/http/error-catalogue.test.ts',
  'src/http/messages.test.ts',
  'src/modules/exports/stored-value.test.ts',
  'src/test/architecture.test.ts',
];

/**
 * When the API suite also runs on a PostgreSQL server (CI), its PGlite run keeps only the files where the
 * engine or its driver shows: the database layer, migrations and backups, and what leans on locking,
 * concurrency, LISTEN/NOTIFY, triggers or how values come back (jobs, the outbox sender, the session cache,
 * audit chains, randomisation under load, reminders, exports). The rest is route and domain logic, the same
 * on both engines, and runs once, on PostgreSQL; the embedded database still carries the browser journeys.
 * Without a server every file runs on PGlite. docs/architecture.md, "Tests and their speed".
 */
const ENGINE_SENSITIVE = [
  'src/bootstrap/**/*.test.ts',
  'src/db/**/*.test.ts',
  'src/durability/**/*.test.ts',
  'src/modules/audit/**/*.test.ts',
  'src/modules/auth/session-cache.test.ts',
  'src/modules/exports/**/*.test.ts',
  'src/modules/imports/imports.test.ts',
  'src/modules/jobs/**/*.test.ts',
  'src/modules/messages/sender.test.ts',
  'src/modules/odm/export.test.ts',
  'src/modules/randomisation/randomisation.test.ts',
  'src/modules/reminders/**/*.test.ts',
  'src/modules/sync/**/*.test.ts',
  // Signature images are bytea, which the two drivers return differently.
  'src/modules/workflow/signature.test.ts',
  'src/test/checksum.test.ts',
  'src/test/compliance-*.test.ts',
  'src/test/partial-updates.test.ts',
];
const pgliteSubset = process.env.TEST_PGLITE_SUBSET === '1' && !process.env.TEST_DATABASE_URL;

export default defineConfig({
  test: {
    // Vitest leaves one core free by default, which on a two-core machine runs every file in one line.
    maxWorkers: Math.max(2, os.availableParallelism() - 1),
    projects: [
      // Time limits only catch a hang: a test that passes in a second alone can take ten times that on a slow
      // machine with the whole run beside it (docs/architecture.md, "Tests and their speed").
      { test: { name: 'core', root: 'packages/core', include: ['src/**/*.test.ts'], testTimeout: 30_000 } },
      {
        test: {
          name: 'server',
          root: 'packages/server',
          include: pgliteSubset ? [...EMBEDDED_ONLY, ...ENGINE_SENSITIVE] : ['src/**/*.test.ts'],
          exclude: process.env.TEST_DATABASE_URL ? EMBEDDED_ONLY : [],
          globalSetup: ['src/test/global-setup.ts'],
          // A worker imports the server once for all its files, not once per file (about a second each).
          // Each file still builds its own app on its own database (test/harness.ts); the server keeps no
          // module state across databases except caches keyed by the database handle.
          isolate: false,
          testTimeout: 120_000,
          hookTimeout: 180_000,
        },
      },
      'packages/web/vitest.config.ts',
    ],
  },
});
