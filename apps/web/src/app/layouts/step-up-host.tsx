import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { setStepUpHandler } from '../../lib/api-client.ts';

const StepUpDialog = lazy(() => import('../../features/access/components/step-up-dialog.tsx'));

interface Waiter {
  resolve: () => void;
  reject: (reason: unknown) => void;
}

/**
 * Answers the API client's requests for a fresh second factor: one dialog (loaded when first needed) for every call
 * waiting at once; each is sent again once the code is given, and none if the partner cancels.
 */
export default function StepUpHost() {
  const waiters = useRef<Waiter[]>([]);
  const [isOpen, setOpen] = useState(false);
  useEffect(() => {
    setStepUpHandler(
      () =>
        new Promise<void>((resolve, reject) => {
          waiters.current.push({ resolve, reject });
          setOpen(true);
        }),
    );
    return () => setStepUpHandler(undefined);
  }, []);

  const settle = (confirmed: boolean) => {
    setOpen(false);
    for (const waiter of waiters.current.splice(0)) {
      if (confirmed) waiter.resolve();
      else waiter.reject(new DOMException('The second step was cancelled', 'AbortError'));
    }
  };
  if (!isOpen) return null;
  return (
    <Suspense fallback={null}>
      <StepUpDialog isOpen onConfirmed={() => settle(true)} onCancel={() => settle(false)} />
    </Suspense>
  );
}
