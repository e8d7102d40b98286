import { accessMessages, CODE_RESEND_SECONDS, messages } from '@portal/contracts';
import { Button } from '../../../components/button.tsx';
import { toast } from '../../../components/toast.tsx';
import { isApiError } from '../../../lib/api-client.ts';
import { useThrottledCallback } from '../../../lib/throttle.ts';
import { type CodePurpose, useSendCode } from '../api/send-code.ts';
import { useCountdown } from '../hooks/use-countdown.ts';

export interface SendCodeButtonProps {
  purpose: CodePurpose;
  /** Validates the email field; the code is sent only when it is valid. */
  getValidEmail: () => Promise<string | undefined>;
  onSent?: (email: string) => void;
  label?: string;
  /** Seconds already to wait, when a code was just sent elsewhere. */
  initialWaitSeconds?: number;
}

/** Sends a verification code, then counts down 30 seconds before it can send another. */
export function SendCodeButton({
  purpose,
  getValidEmail,
  onSent,
  label = 'Send Code',
  initialWaitSeconds = 0,
}: SendCodeButtonProps) {
  const sendCode = useSendCode();
  const countdown = useCountdown(initialWaitSeconds);
  const send = useThrottledCallback(async (email: string) => {
    try {
      const sent = await sendCode.mutateAsync({ email, purpose });
      toast.success(accessMessages.codeSent);
      countdown.start(sent.resendAfterSeconds);
      onSent?.(email);
    } catch (err) {
      if (isApiError(err, 'CodeRequestTooSoon')) countdown.start(CODE_RESEND_SECONDS);
    }
  });
  const handleClick = async () => {
    const email = await getValidEmail().catch(() => {
      toast.error(messages.pageNotLoaded);
      return undefined;
    });
    if (email) send(email);
  };
  return (
    <Button
      variant="secondary"
      className="send-code"
      onClick={handleClick}
      isThrottled={false}
      disabled={countdown.isRunning}
      isLoading={sendCode.isPending}
    >
      {countdown.isRunning ? `Resend in ${countdown.secondsLeft}s` : label}
    </Button>
  );
}
