import type { CarouselBody, VerticalCarousel } from '@portal/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { stageQueryKey } from './get-stage.ts';
import { stageListQueryKey } from './get-stages.ts';

export const createCarousel = (body: CarouselBody) =>
  apiRequest<VerticalCarousel>('/api/Stage/VerticalCarousel', { method: 'POST', body });

/** A refused field is shown in the carousel's dialog; anything else goes to the global handler. */
export function useCreateCarousel() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createCarousel,
    meta: { handlesErrors: ['ValidationFailed'] },
    onSuccess: (carousel) => {
      void queryClient.invalidateQueries({ queryKey: stageQueryKey(carousel.stageId) });
      void queryClient.invalidateQueries({ queryKey: stageListQueryKey });
    },
  });
}
