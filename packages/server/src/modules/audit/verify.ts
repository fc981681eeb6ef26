import type { Executor } from './repo.js';
import { readChainPage } from './repo.js';

export type ChainVerdict =
  | { intact: true; rows: number }
  | { intact: false; rows: number; brokenId: number; problem: 'content_changed' | 'link_broken' };

const GENESIS = 'genesis';
const PAGE = 5000;

/**
 * Walks the audit chain in id order (COMPLIANCE IM-3). A row whose stored hash differs from the digest of
 * its content was edited; a row whose predecessor hash differs from the previous row's hash means a row
 * was removed or inserted. The first such row is named.
 */
export async function verifyAuditChain(db: Executor): Promise<ChainVerdict> {
  let previousHash = GENESIS;
  let afterId = 0;
  let rows = 0;
  for (;;) {
    const page = await readChainPage(db, afterId, PAGE);
    for (const link of page) {
      rows += 1;
      if (link.digest !== link.hash) return { intact: false, rows, brokenId: link.id, problem: 'content_changed' };
      if (link.prevHash !== previousHash) return { intact: false, rows, brokenId: link.id, problem: 'link_broken' };
      previousHash = link.hash;
      afterId = link.id;
    }
    if (page.length < PAGE) return { intact: true, rows };
  }
}
