/**
 * Message channels and the events that send (spec 002 §3 "Message config"; spec 000 §3 "Message channels:
 * wechat, email, in-site notification"; docs/decisions.md "Messages").
 */
export const MESSAGE_CHANNELS = ['inSite', 'email', 'wechat'] as const;
export type MessageChannel = (typeof MESSAGE_CHANNELS)[number];

/** Channels that leave the platform: each message is a row of the outbox, sent by the sender job. */
export const OUTBOUND_CHANNELS = ['email', 'wechat'] as const;
export type OutboundChannel = (typeof OUTBOUND_CHANNELS)[number];

/**
 * An outbound message's life: queued → sending → sent, or back to queued with a later attempt time after a
 * failure, or failed once its attempts are spent. A message whose sender stopped while it was `sending`
 * becomes `unconfirmed`: it may or may not have left, and it is never sent again by itself (never twice);
 * the message log offers to resend it. `cancelled`: withdrawn before sending.
 */
export const OUTBOUND_STATUSES = ['queued', 'sending', 'sent', 'failed', 'unconfirmed', 'cancelled'] as const;
export type OutboundStatus = (typeof OUTBOUND_STATUSES)[number];

/**
 * Events that send messages to study members through the message configuration (spec 002 §3; spec 000 §6
 * for the role assignment notice).
 */
export const MESSAGE_EVENTS = [
  'query.raised',
  'query.answered',
  'query.closed',
  'signature.due',
  'visit.due',
  'visit.overdue',
  'role.assigned',
  'password.reset',
  'project.statusApplied',
  'project.statusDecided',
  'randomisation.done',
  'unblinding.emergency',
] as const;
export type MessageEvent = (typeof MESSAGE_EVENTS)[number];

/** Messages to a subject, sent directly rather than through the configuration: ePRO and reminders. */
export const SUBJECT_MESSAGE_KINDS = ['survey.invitation', 'visit.reminder', 'record.mail', 'panel.push'] as const;
export type SubjectMessageKind = (typeof SUBJECT_MESSAGE_KINDS)[number];

/** Messages about a user's own account, sent directly: the password recovery link (spec 000 §5). */
export const ACCOUNT_MESSAGE_KINDS = ['password.recovery'] as const;
export type AccountMessageKind = (typeof ACCOUNT_MESSAGE_KINDS)[number];

/** What an outbox row was sent for. */
export type OutboundKind = MessageEvent | SubjectMessageKind | AccountMessageKind;
