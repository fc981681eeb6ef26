import { randomBytes } from 'node:crypto';
import pg from 'pg';

/** Tests only: a new, empty database on the PostgreSQL server at `serverUrl`; `drop` removes it again. */
export async function createEmptyServerDatabase(serverUrl: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `dcap_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const drop = async () => {
    const dropper = new pg.Client({ connectionString: serverUrl });
    await dropper.connect();
    try {
      // Connections left by a killed server or a closing pool go away on their own; end them rather than wait.
      await dropper.query('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()', [name]);
      await dropper.query(`DROP DATABASE IF EXISTS ${name}`);
    } finally {
      await dropper.end();
    }
  };
  return { url: url.toString(), drop };
}
