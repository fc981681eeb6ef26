/**
 * The sessions other modules end (locking, deleting or resetting a user ends their sessions, COMPLIANCE
 * AC-5): through the auth module, not its repository.
 */
export { endUserSessions } from './sessions-repo.js';
