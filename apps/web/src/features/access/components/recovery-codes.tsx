import { RECOVERY_CODE_COUNT, RECOVERY_CODES_LOW } from '@portal/contracts';
import { SECURITY_PATH } from '@portal/contracts/pages';
import { Link } from 'react-router';
import { Button } from '../../../components/button.tsx';
import { toast } from '../../../components/toast.tsx';
import { saveFile } from '../../../lib/download.ts';

const FILE_NAME = 'lumora-recovery-codes.txt';

/** The codes as a text file: where they are for, and one code a line. */
const codesText = (email: string, codes: string[]) =>
  [
    `Lumora Partner Portal recovery codes for ${email}`,
    'Each code signs in once when your authenticator app is not at hand. Keep them somewhere safe.',
    '',
    ...codes,
    '',
  ].join('\n');

async function copyCodes(text: string) {
  try {
    await navigator.clipboard.writeText(text);
    toast.success('Recovery codes copied');
  } catch {
    toast.warning('The codes could not be copied: download them, or select and copy them with your keyboard.');
  }
}

/** Recovery codes just made: shown this once, to copy or download before the dialog closes. */
export function RecoveryCodes({ email, codes }: { email: string; codes: string[] }) {
  const text = codesText(email, codes);
  return (
    <>
      <div className="alert alert--warning" role="status">
        <strong>Save these {RECOVERY_CODE_COUNT} recovery codes now: they are shown only once.</strong> Each signs you
        in once if your phone is lost or your authenticator app is not at hand.
      </div>
      <ol className="recovery-codes" aria-label="Recovery codes">
        {codes.map((code) => (
          <li key={code} className="recovery-codes__code">
            {code}
          </li>
        ))}
      </ol>
      <div className="button-row">
        <Button variant="secondary" onClick={() => void copyCodes(text)} isThrottled={false}>
          Copy
        </Button>
        <Button
          variant="secondary"
          onClick={() => saveFile(new Blob([text], { type: 'text/plain' }), FILE_NAME)}
          isThrottled={false}
        >
          Download
        </Button>
      </div>
    </>
  );
}

/** How many recovery codes are left, with a warning once they run low. */
export function RecoveryCodesLeft({ left }: { left: number }) {
  if (left > RECOVERY_CODES_LOW) {
    return (
      <p className="security__codes">
        {left} of {RECOVERY_CODE_COUNT} recovery codes left.
      </p>
    );
  }
  return (
    <div className="alert alert--warning security__codes" role="status">
      <strong>
        {left === 0
          ? 'No recovery codes are left.'
          : `Only ${left} recovery ${left === 1 ? 'code is' : 'codes are'} left.`}
      </strong>{' '}
      Make a new set while you can still sign in with your authenticator app.
    </div>
  );
}

/** Edit Profile's reminder, once two-step sign-in is on and its recovery codes run low. */
export function LowRecoveryCodesAlert({ left }: { left: number }) {
  return (
    <Link className="alert alert--warning" to={SECURITY_PATH}>
      <strong>
        {left === 0
          ? 'No recovery codes are left'
          : `Only ${left} recovery ${left === 1 ? 'code is' : 'codes are'} left`}{' '}
        for two-step sign-in.
      </strong>{' '}
      Make a new set on the Security page.
      <span className="alert__action">Open Security →</span>
    </Link>
  );
}
