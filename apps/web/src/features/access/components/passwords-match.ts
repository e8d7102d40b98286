import { accessMessages } from '@portal/contracts';

/** The confirmation must repeat the password. */
export function passwordsMatch(values: { password: string; confirmPassword: string }) {
  return values.confirmPassword && values.confirmPassword !== values.password
    ? { confirmPassword: accessMessages.confirmMismatch }
    : {};
}
