/**
 * What other modules read and change of a user's row (sign-in and password changes, the users a role may be
 * granted to): through the users module, never its repository.
 */
export { findActiveUsersByEmail, findUserById, findUserByUsername, searchActiveUsers, updateUser } from './repo.js';
