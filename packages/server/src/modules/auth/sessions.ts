/**
 * What other modules do to sessions, through the auth module rather than its repository: end a user's
 * sessions (locking, deleting or resetting a user, COMPLIANCE AC-5), read one of the user's own open
 * sessions, and move a session to a project, role and environment (the spec's store and select calls).
 */
export { endUserSessions, findOwnOpenSession, setSessionSelection } from './sessions-repo.js';
