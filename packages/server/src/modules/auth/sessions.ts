/**
 * What other modules do to sessions, through the auth module rather than its repository: end a user's
 * sessions (locking, deleting or resetting a user, COMPLIANCE AC-5) and move a session to a project, role
 * and environment (the spec's store and select calls).
 */
export { endUserSessions, setSessionSelection } from './sessions-repo.js';
