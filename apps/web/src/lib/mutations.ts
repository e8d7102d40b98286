import { type QueryKey, useMutation, useQueryClient } from '@tanstack/react-query';

/** The refusals a form shows itself, beside its fields; the rest go to the global handler. */
type HandledErrors = readonly string[] | 'all';

export interface SaveMutationOptions<T extends { id: string }, V> {
  save: (variables: V) => Promise<T>;
  handlesErrors: HandledErrors;
  /** Where a saved record is cached: the answer becomes that entry. */
  detailKey: (id: string) => QueryKey;
  /** Every page of the lists it shows in: stale once it is saved. */
  listKey: QueryKey;
}

/** Creating or replacing a record: its answer is cached as the record, and its lists are asked again. */
export function useSaveMutation<T extends { id: string }, V>(options: SaveMutationOptions<T, V>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: options.save,
    meta: { handlesErrors: options.handlesErrors },
    onSuccess: (saved) => {
      queryClient.setQueryData(options.detailKey(saved.id), saved);
      void queryClient.invalidateQueries({ queryKey: options.listKey });
    },
  });
}

export interface RefreshingMutationOptions<T, V> {
  mutate: (variables: V) => Promise<T>;
  handlesErrors?: HandledErrors;
  /** The queries the change makes stale, from its answer and its variables. */
  stale: (answer: T, variables: V) => QueryKey[];
}

/** A change after which the queries it made stale are asked again; it settles once they are fresh. */
export function useRefreshingMutation<T, V>({ mutate, handlesErrors, stale }: RefreshingMutationOptions<T, V>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: mutate,
    meta: { handlesErrors },
    onSuccess: (answer, variables) =>
      Promise.all(stale(answer, variables).map((queryKey) => queryClient.invalidateQueries({ queryKey }))),
  });
}
