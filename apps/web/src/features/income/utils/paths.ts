import { INCOME_PATH, loginPath } from '@portal/contracts/pages';

/** Login, coming back to My Project Income once signed in. */
export const SIGN_IN_PATH = loginPath(INCOME_PATH);
