import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { dumpPgliteImage, openPglite, openPostgres } from '../db/database.js';
import { migrateToLatest } from '../db/migrate.js';

/** Where each test file's fresh database starts: a migrated image (PGlite) or template database (PostgreSQL). */
export type DatabaseTemplate = { kind: 'pglite'; file: string } | { kind: 'postgres'; name: string };

declare module 'vitest' {
  export interface ProvidedContext {
    databaseTemplate: DatabaseTemplate;
  }
}

/**
 * Migrates one database per run and lets every test file copy it (test/harness.ts). Starting PGlite from a
 * saved data directory skips initdb, and a PostgreSQL `CREATE DATABASE … TEMPLATE` skips the migrations:
 * together most of what a test file spent before its first test.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    const handle = await openPglite(null);
    await migrateToLatest(handle.db);
    const image = await dumpPgliteImage(handle);
    await handle.close();
    const file = path.join(os.tmpdir(), `dcap-test-template-${randomBytes(6).toString('hex')}.tar`);
    fs.writeFileSync(file, Buffer.from(await image.arrayBuffer()));
    project.provide('databaseTemplate', { kind: 'pglite', file });
    return () => {
      fs.rmSync(file, { force: true });
      return Promise.resolve();
    };
  }
  const name = `dcap_template_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const handle = openPostgres(url.toString());
  await migrateToLatest(handle.db);
  await handle.close();
  project.provide('databaseTemplate', { kind: 'postgres', name });
  return async () => {
    await admin.query(`DROP DATABASE IF EXISTS ${name}`);
    await admin.end();
  };
}
