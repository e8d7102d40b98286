import type { CarouselBody, VerticalCarousel } from '@portal/contracts';
import { apiRequest } from '../../../lib/api-client.ts';
import { useRefreshingMutation } from '../../../lib/mutations.ts';
import { stageQueryKey } from './get-stage.ts';
import { stageListQueryKey } from './get-stages.ts';

export const createCarousel = (body: CarouselBody) =>
  apiRequest<VerticalCarousel>('/api/Stage/VerticalCarousel', { method: 'POST', body });

/** A refused field is shown in the carousel's dialog; anything else goes to the global handler. */
export const useCreateCarousel = () =>
  useRefreshingMutation({
    mutate: createCarousel,
    handlesErrors: ['ValidationFailed'],
    stale: (carousel) => [stageQueryKey(carousel.stageId), stageListQueryKey],
  });
