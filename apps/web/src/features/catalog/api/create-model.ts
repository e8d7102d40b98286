import type { Model, ModelBody } from '@portal/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { modelQueryKey } from './get-model.ts';
import { modelListQueryKey } from './list-models.ts';

export const createModel = (body: ModelBody) => apiRequest<Model>('/api/Model', { method: 'POST', body });

export function useCreateModel() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createModel,
    meta: { handlesErrors: ['PayoutAccountRequired', 'CategoryNotFound'] },
    onSuccess: (model) => {
      queryClient.setQueryData(modelQueryKey(model.id), model);
      void queryClient.invalidateQueries({ queryKey: modelListQueryKey });
    },
  });
}
