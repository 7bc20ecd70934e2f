import { useMutation, useQueryClient } from '@tanstack/react-query';

/** A create/update/delete call whose success reloads the dashboard (docs/product/signed-in.md §4: "data reloads"). */
export function useRecordMutation<TVars>(call: (vars: TVars) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['financial'] }),
  });
}
