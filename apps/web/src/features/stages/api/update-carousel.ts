import type { CarouselUpdateInput, VerticalCarousel } from '@portal/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { stageQueryKey } from './get-stage.ts';

export const updateCarousel = ({ id, body }: { id: string; body: CarouselUpdateInput }) =>
  apiRequest<VerticalCarousel>(`/api/Stage/VerticalCarousel/${encodeURIComponent(id)}`, { method: 'PUT', body });

/** A refused field is shown in the carousel's dialog; anything else goes to the global handler. */
export function useUpdateCarousel() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateCarousel,
    meta: { handlesErrors: ['ValidationFailed'] },
    onSuccess: (carousel) => queryClient.invalidateQueries({ queryKey: stageQueryKey(carousel.stageId) }),
  });
}
