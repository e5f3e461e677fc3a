/**
 * The rules of a new password, as the API applies them (api/src/resources/auth/schema.ts and the
 * password routes): checked in the browser first so a form can say what is wrong at once, and used
 * to read the API's refusals so they are shown translated on the field they concern.
 */
export const PASSWORD_MIN_LENGTH = 12;
export const PASSWORD_MAX_LENGTH = 256;

/** What can be wrong with a password field. Each has a message key (PROBLEM_KEYS). */
export type PasswordProblem = 'required' | 'tooShort' | 'tooLong' | 'sameAsUsername' | 'sameAsCurrent' | 'mismatch' | 'wrongCurrent';

export const PROBLEM_KEYS: Record<PasswordProblem, string> = {
  required: 'ra.validation.required',
  tooShort: 'password.tooShort',
  tooLong: 'password.tooLong',
  sameAsUsername: 'password.sameAsUsername',
  sameAsCurrent: 'password.sameAsCurrent',
  mismatch: 'auth.passwordsDiffer',
  wrongCurrent: 'password.wrongCurrent',
};

/** The arguments of those messages (%{min}, %{max}). */
export const PROBLEM_ARGS = { min: PASSWORD_MIN_LENGTH, max: PASSWORD_MAX_LENGTH };

/** Usernames are e-mails, which the API compares without case. */
const sameUsername = (password: string, username: string) => password.trim().toLowerCase() === username.trim().toLowerCase();

/**
 * The first rule a new password breaks: given, 12 to 256 characters, not the username (an
 * administrator's reset: the target's), not the current password (a change of one's own).
 */
export function newPasswordProblem(newPassword: string, { username, currentPassword }: { username?: string; currentPassword?: string }): PasswordProblem | undefined {
  if (!newPassword) return 'required';
  if (newPassword.length < PASSWORD_MIN_LENGTH) return 'tooShort';
  if (newPassword.length > PASSWORD_MAX_LENGTH) return 'tooLong';
  if (username && sameUsername(newPassword, username)) return 'sameAsUsername';
  if (currentPassword && newPassword === currentPassword) return 'sameAsCurrent';
  return undefined;
}

export interface PasswordChangeValues {
  currentPassword: string;
  newPassword: string;
  confirm: string;
}

export type PasswordChangeProblems = Partial<Record<keyof PasswordChangeValues, PasswordProblem>>;

/** The change-password form's checks before anything is sent. */
export function passwordChangeProblems(values: PasswordChangeValues, username: string): PasswordChangeProblems {
  const problems: PasswordChangeProblems = {};
  if (!values.currentPassword) problems.currentPassword = 'required';
  const newProblem = newPasswordProblem(values.newPassword, { username, currentPassword: values.currentPassword });
  if (newProblem) problems.newPassword = newProblem;
  if (values.confirm !== values.newPassword) problems.confirm = 'mismatch';
  return problems;
}

/** The reset dialog's checks: the administrator chooses a password for another user. */
export function passwordResetProblems(values: { newPassword: string; confirm: string }, username: string): { newPassword?: PasswordProblem; confirm?: PasswordProblem } {
  const problems: { newPassword?: PasswordProblem; confirm?: PasswordProblem } = {};
  const newProblem = newPasswordProblem(values.newPassword, { username });
  if (newProblem) problems.newPassword = newProblem;
  if (values.confirm !== values.newPassword) problems.confirm = 'mismatch';
  return problems;
}

/**
 * The API's refusal of a new password, `{ code?, errors?: { newPassword?: message } }`, read as
 * our problems. The server's field message is English; the rule it names is recognised from what
 * was sent first (our rules mirror the server's), then from its words. A message that matches no
 * rule is returned as `text`, to be shown as it is.
 */
export function serverPasswordProblems(
  body: { code?: string; errors?: Record<string, string> } | undefined,
  sent: { newPassword: string; username?: string; currentPassword?: string },
): { currentPassword?: PasswordProblem; newPassword?: PasswordProblem; text?: { newPassword?: string } } {
  const out: ReturnType<typeof serverPasswordProblems> = {};
  if (body?.code === 'auth.wrongPassword') out.currentPassword = 'wrongCurrent';
  const message = body?.errors?.newPassword;
  if (message) {
    const problem = newPasswordProblem(sent.newPassword, sent) ?? problemNamedBy(message);
    if (problem) out.newPassword = problem;
    else out.text = { newPassword: message };
  }
  return out;
}

function problemNamedBy(message: string): PasswordProblem | undefined {
  if (/user\s*name/i.test(message)) return 'sameAsUsername';
  if (/current|same as|differ/i.test(message)) return 'sameAsCurrent';
  if (/at least|too short/i.test(message)) return 'tooShort';
  if (/at most|too long/i.test(message)) return 'tooLong';
  if (/required/i.test(message)) return 'required';
  return undefined;
}
