import type { Stage, StageBody } from '@portal/contracts';
import { apiRequest } from '../../../lib/api-client.ts';
import { useSaveMutation } from '../../../lib/mutations.ts';
import { stageQueryKey } from './get-stage.ts';
import { stageListQueryKey } from './get-stages.ts';

export const createStage = (body: StageBody) => apiRequest<Stage>('/api/Stage', { method: 'POST', body });

/** A refused field is shown beside it by the form; anything else goes to the global handler. */
export const useCreateStage = () =>
  useSaveMutation({
    save: createStage,
    handlesErrors: ['ValidationFailed'],
    detailKey: stageQueryKey,
    listKey: stageListQueryKey,
  });
