import { loadConfig } from '../config.js';
import { openMigratedDatabase } from '../db/roles.js';
import { loadSealKey } from '../modules/audit/seal-key.js';
import { readSeals, sealChains, sealFileIn } from '../modules/audit/seal.js';
import { EXIT, summarise } from '../modules/audit/report.js';
import { verifyAuditChains } from '../modules/audit/verify.js';
import { platformVersion } from '../version.js';
import { runCommand } from './run.js';

/**
 * `npm run audit:verify [-- --seal]` (docs/security.md, "Running the verifier"). Exit codes:
 * 0 every chain intact and every seal matches; 2 tampering found, each finding named with its row;
 * 3 the chains are consistent but no seal key was at hand to check the seals; 1 the check could not run.
 * With --seal, an intact trail's chain heads are sealed afterwards (and written out).
 */

async function main(argv: string[]): Promise<number> {
  const config = loadConfig(process.env, platformVersion());
  const { database } = await openMigratedDatabase({ databaseUrl: config.databaseUrl, databaseOwnerUrl: config.databaseOwnerUrl, dataDir: config.dataDir });
  try {
    const key = loadSealKey({ key: config.auditSeal.key, dataDir: config.dataDir, create: false });
    const file = sealFileIn(config.auditSeal.dir);
    // Seals first: every seal then names rows committed before the walk starts.
    const seals = await readSeals(database.db, file);
    const report = await verifyAuditChains(database.db, { key, seals });
    const { lines, code } = summarise(report);
    for (const line of lines) console.log(line);
    if (argv.includes('--seal') && code === EXIT.intact && key) {
      const run = await sealChains({ db: database.db, key, file });
      console.log(`Sealed ${run.sealed.length} chain heads.`);
    }
    return code;
  } finally {
    await database.close();
  }
}

// An error that stops the check exits 1, EXIT.failed.
runCommand(() => main(process.argv.slice(2)));
