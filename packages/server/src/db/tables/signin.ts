import type { Generated, Selectable } from 'kysely';

/** A password recovery request (migration 0030); token fields are set when a link was mailed. */
export interface PasswordRecoveryRequestsTable {
  id: Generated<string>;
  user_id: number | null;
  ip: string;
  requested_at: Date;
  token_hash: string | null;
  expires_at: Date | null;
  used_at: Date | null;
}
export type PasswordRecoveryRequestRow = Selectable<PasswordRecoveryRequestsTable>;

export type QrLoginStatus = 'pending' | 'confirmed' | 'refused' | 'used';

/** A desktop's QR-code sign-in request (migration 0030). */
export interface QrLoginRequestsTable {
  id: string;
  secret_hash: string;
  status: Generated<QrLoginStatus>;
  ip: string;
  user_agent: string | null;
  device: string;
  created_at: Date;
  expires_at: Date;
  user_id: number | null;
  decided_at: Date | null;
  used_at: Date | null;
}
export type QrLoginRequestRow = Selectable<QrLoginRequestsTable>;

/** The USB key serial issued to a user (migration 0030). */
export interface UserUkeysTable {
  user_id: number;
  serial: string;
  bound_at: Date;
  bound_by: number | null;
}
export type UserUkeyRow = Selectable<UserUkeysTable>;

/** One uploaded signature image of a user; the newest of a user is the one in use (migration 0035). */
export interface UserSignaturesTable {
  id: Generated<number>;
  user_id: number;
  file_name: string;
  content_type: 'image/png' | 'image/jpeg';
  size: number;
  sha256: string;
  width: number;
  height: number;
  content: Buffer;
  uploaded_by: number | null;
  uploaded_at: Generated<Date>;
}
export type UserSignatureRow = Selectable<UserSignaturesTable>;
