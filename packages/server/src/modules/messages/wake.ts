import type { DatabaseHandle } from '../../db/database.js';
import { OUTBOX_CHANNEL } from './outbox-repo.js';
import type { MessageSender } from './sender.js';

const RECONNECT_MS = 5000;

/**
 * Wakes the sender whenever a transaction that queued messages commits, on this instance or any other
 * (outbox-repo.ts notifyOutbox). While the subscription is down the sender still polls. Returns the
 * function that ends the subscription.
 */
export async function subscribeOutbox(database: DatabaseHandle, sender: MessageSender, warn: (message: string) => void): Promise<() => Promise<void>> {
  let stopped = false;
  let unsubscribe: (() => Promise<void>) | null = null;
  let retry: NodeJS.Timeout | null = null;
  const schedule = () => {
    if (stopped || retry) return;
    retry = setTimeout(() => {
      retry = null;
      void connect();
    }, RECONNECT_MS);
    retry.unref();
  };
  const connect = async (): Promise<void> => {
    try {
      unsubscribe = await database.listen(OUTBOX_CHANNEL, () => sender.wake(), (error) => {
        warn(`outbox notifications lost (${error.message}); the message sender polls until they return`);
        schedule();
      });
      if (stopped) await unsubscribe();
    } catch (error) {
      warn(`outbox notifications unavailable (${error instanceof Error ? error.message : String(error)})`);
      schedule();
    }
  };
  await connect();
  return async () => {
    stopped = true;
    if (retry) clearTimeout(retry);
    if (unsubscribe) await unsubscribe();
  };
}
