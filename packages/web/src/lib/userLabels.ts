import type { User, UserStatus } from '@dcap/core';

type Gender = NonNullable<User['gender']>;

/** Catalogue keys for the values of core's user enums. */
export const GENDER_LABEL_KEYS: Record<Gender, string> = {
  male: 'user.gender.male',
  female: 'user.gender.female',
  unknown: 'user.gender.unknown',
};

export const STATUS_LABEL_KEYS: Record<UserStatus, string> = {
  active: 'user.status.active',
  locked: 'user.status.locked',
  deleted: 'user.status.deleted',
};
