import type { Shape } from './catalogue';
import type { zhCNSignin } from './zh-CN.signin';

/** English texts of the sign-in channels: password recovery and QR-code sign-in (spec 000 §2.2, §5, §7.1; part of en-US.ts). */
export const enUSSignin: Shape<typeof zhCNSignin> = {
  signin: {
    tabs: { password: 'Account and password', qr: 'QR code' },
    forgot: 'Forgot password?',
    backToLogin: 'Back to sign-in',
    failed: 'The request failed, please try again later',
    recovery: {
      title: 'Forgot password',
      intro: 'Enter your login name or the e-mail address on your account; we send a link to reset the password to the account’s e-mail.',
      login: 'Login name or e-mail',
      loginRequired: 'Please enter your login name or e-mail',
      submit: 'Send reset link',
      sentTitle: 'Check your e-mail',
      sent: 'If the account exists and has an e-mail address, a link to reset the password has been sent to it. It is valid for 24 hours and works once.',
    },
    reset: {
      title: 'Choose a new password',
      for: 'Account: {{username}}',
      submit: 'Set new password',
      doneTitle: 'Password reset',
      done: 'Sign in with the new password. You were signed out on every device.',
      invalidTitle: 'Link not usable',
      invalid: 'This password reset link is not valid, was used or has expired; please ask for a new one.',
      askAgain: 'Ask again',
    },
    qr: {
      hint: 'Scan the code with a phone signed in to the platform and confirm there',
      confirmed: 'Confirmed on the phone, signing in…',
      expired: 'The QR code has expired; refresh it',
      refused: 'The phone refused this sign-in',
      refresh: 'Refresh QR code',
    },
    qrAuth: {
      title: 'Sign in on the computer?',
      warning: 'Make sure it is you signing in on the computer. Once you confirm, the computer is signed in as you.',
      requestedAt: 'Requested at',
      device: 'Computer',
      expiresAt: 'Valid until',
      address: 'Computer’s IP address',
      browser: 'Computer’s browser',
      confirm: 'Confirm sign-in',
      refuse: 'Refuse',
      confirmed: 'Confirmed; the computer signs in now',
      refused: 'Sign-in refused',
      closed: 'This sign-in request can no longer be answered',
      signInFirst: 'Sign in to the platform on this phone first, then confirm the computer’s sign-in',
      states: { pending: 'Waiting', confirmed: 'Confirmed', refused: 'Refused', expired: 'Expired; refresh the code on the computer', used: 'Used' },
    },
  },
};
