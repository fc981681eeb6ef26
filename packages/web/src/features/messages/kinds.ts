import { ACCOUNT_MESSAGE_KINDS, MESSAGE_EVENTS, SUBJECT_MESSAGE_KINDS } from '@dcap/core';

/** Every kind a message of the outbox may carry: the study events, the messages to subjects and those about an account (core). */
export const MESSAGE_KINDS: readonly string[] = [...MESSAGE_EVENTS, ...SUBJECT_MESSAGE_KINDS, ...ACCOUNT_MESSAGE_KINDS];

/** `query.raised` → `messages.events.queryRaised`: catalogue keys carry no dots of their own. */
export const messageKindKey = (kind: string) => `messages.events.${kind.replace(/\.(\w)/, (_dot, letter: string) => letter.toUpperCase())}`;

/** A kind's name in the reader's language; a code the catalogue does not know stays as it is. */
export function messageKindName(t: (key: string) => string, kind: string): string {
  return MESSAGE_KINDS.includes(kind) ? t(messageKindKey(kind)) : kind;
}
