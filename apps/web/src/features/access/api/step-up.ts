import type { StepUpBody } from '@portal/contracts';
import { useMutation } from '@tanstack/react-query';
import { CODE_REFUSED } from '../../../components/form/second-step-answer.ts';
import { apiRequest } from '../../../lib/api-client.ts';

/** A fresh second factor for this session; a wrong code is the form's to show. */
export const useStepUp = () =>
  useMutation({
    mutationFn: (body: StepUpBody) =>
      apiRequest<null>('/api/Access/TwoFactor/StepUp', { method: 'POST', body, background: true }),
    meta: { handlesErrors: [CODE_REFUSED] },
  });
