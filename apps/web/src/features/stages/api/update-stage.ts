import type { Stage, StageBody } from '@portal/contracts';
import { apiRequest } from '../../../lib/api-client.ts';
import { useSaveMutation } from '../../../lib/mutations.ts';
import { stageQueryKey } from './get-stage.ts';
import { stageListQueryKey } from './get-stages.ts';

/** Replaces the whole stage: its place, its anchor and every piece of content it shows. */
export const updateStage = ({ id, body }: { id: string; body: StageBody }) =>
  apiRequest<Stage>(`/api/Stage/${encodeURIComponent(id)}`, { method: 'PUT', body });

/** A refused field is shown beside it by the form; anything else goes to the global handler. */
export const useUpdateStage = () =>
  useSaveMutation({
    save: updateStage,
    handlesErrors: ['ValidationFailed'],
    detailKey: stageQueryKey,
    listKey: stageListQueryKey,
  });
