import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPaths, type Conversion } from '@vectrace/contract';
import { apiRequest, errorMessage } from '../lib/api';
import { queryKeys } from '../lib/query-keys';
import { toast } from './use-toast';

/**
 * Deletes one result's files at once. The lists drop it as soon as the server has (no reload),
 * and the conversion, wherever it is on screen, reads as deleted; `onDeleted` follows.
 */
export function useDeleteResult(onDeleted?: (conversion: Conversion) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (conversion: Conversion) => {
      await apiRequest('DELETE', apiPaths.conversion(conversion.id));
    },
    onSuccess: (_, conversion) => {
      queryClient.setQueryData<Conversion[]>(queryKeys.conversions, (list) =>
        list?.filter((c) => c.id !== conversion.id),
      );
      queryClient.setQueryData<Conversion>(queryKeys.conversion(conversion.id), (shown) =>
        shown ? { ...shown, expired: true } : shown,
      );
      void queryClient.invalidateQueries({ queryKey: queryKeys.conversions });
      toast({
        title: 'Result deleted',
        description: `The result of ${conversion.originalFileName} and its files are deleted.`,
      });
      onDeleted?.(conversion);
    },
    onError: (error) =>
      toast({
        title: 'Delete failed',
        description: errorMessage(error, 'The result could not be deleted. Please try again.'),
        variant: 'destructive',
      }),
  });
}
