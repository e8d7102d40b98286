import type { CarouselUpdateInput, VerticalCarousel } from '@portal/contracts';
import { apiRequest } from '../../../lib/api-client.ts';
import { useRefreshingMutation } from '../../../lib/mutations.ts';
import { stageQueryKey } from './get-stage.ts';

export const updateCarousel = ({ id, body }: { id: string; body: CarouselUpdateInput }) =>
  apiRequest<VerticalCarousel>(`/api/Stage/VerticalCarousel/${encodeURIComponent(id)}`, { method: 'PUT', body });

/** A refused field is shown in the carousel's dialog; anything else goes to the global handler. */
export const useUpdateCarousel = () =>
  useRefreshingMutation({
    mutate: updateCarousel,
    handlesErrors: ['ValidationFailed'],
    stale: (carousel) => [stageQueryKey(carousel.stageId)],
  });
