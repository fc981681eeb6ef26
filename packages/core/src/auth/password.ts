/**
 * Password rules of spec 000 §5: length 6 to 100 and a strength level of strong, medium, low or too short.
 * The spec does not say which level is accepted; a regulated deployment cannot accept one-class passwords,
 * so a password must reach "medium" (docs/decisions.md, "Password strength").
 */
export const PASSWORD_MIN_LENGTH = 6;
export const PASSWORD_MAX_LENGTH = 100;

export type PasswordStrength = 'too_short' | 'low' | 'medium' | 'strong';

const STRENGTH_ORDER: readonly PasswordStrength[] = ['too_short', 'low', 'medium', 'strong'];
export const MIN_ACCEPTED_STRENGTH: PasswordStrength = 'medium';

function characterClasses(password: string): number {
  const classes = [/[a-z]/, /[A-Z]/, /[0-9]/, /[^a-zA-Z0-9]/];
  return classes.filter((re) => re.test(password)).length;
}

/** Grades a password the way the strength meter on the security tab shows it. */
export function passwordStrength(password: string): PasswordStrength {
  if (password.length < PASSWORD_MIN_LENGTH) return 'too_short';
  const classes = characterClasses(password);
  const hasLetter = /[a-zA-Z]/.test(password);
  const hasDigitOrSymbol = /[^a-zA-Z]/.test(password);
  if (classes >= 3 && password.length >= 8) return 'strong';
  if (hasLetter && hasDigitOrSymbol) return 'medium';
  return 'low';
}

export function isPasswordAcceptable(password: string): boolean {
  return (
    password.length <= PASSWORD_MAX_LENGTH &&
    STRENGTH_ORDER.indexOf(passwordStrength(password)) >= STRENGTH_ORDER.indexOf(MIN_ACCEPTED_STRENGTH)
  );
}
