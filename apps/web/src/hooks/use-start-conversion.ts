import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPaths, type Conversion, type ConversionSettings } from '@vectrace/contract';
import type { RefObject } from 'react';
import { apiJson, errorMessage } from '../lib/api';
import type { Source } from '../lib/converter-state';
import { queryKeys } from '../lib/query-keys';
import { toast } from './use-toast';

/**
 * Asks the server to convert an image with settings: a re-trace quietly, a new image or Convert
 * with a word and the focus moved to the result. `onCreated` puts the new conversion on screen;
 * `onToldStarted` has the "Conversion started" toast, to close once the result shows.
 */
export function useStartConversion(
  resultRef: RefObject<HTMLElement | null>,
  onCreated: (id: string) => void,
  onToldStarted?: (toastId: string, conversionId: string) => void,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { source: Source; settings: ConversionSettings; retrace: boolean }) =>
      apiJson<Conversion>('POST', apiPaths.conversions, {
        originalFileName: input.source.fileName,
        originalFileUrl: input.source.originalFileUrl,
        settings: input.settings,
      }),
    onSuccess: (created, input) => {
      queryClient.setQueryData(queryKeys.conversion(created.id), created);
      void queryClient.invalidateQueries({ queryKey: queryKeys.conversions, exact: true });
      onCreated(created.id);
      if (input.retrace) return;
      const told = toast({
        title: 'Conversion started',
        description: `Processing ${created.originalFileName} with your selected settings.`,
      });
      onToldStarted?.(told, created.id);
      // Focus follows the work: to the result, brought into view in one column.
      resultRef.current?.focus({ preventScroll: true });
      if (window.matchMedia('(max-width: 1023px)').matches) {
        resultRef.current?.scrollIntoView({ behavior: 'smooth', block: 'start' });
      }
    },
    onError: (error) =>
      toast({
        title: 'Conversion failed',
        description: errorMessage(error, 'The conversion could not be started. Please try again.'),
        variant: 'destructive',
      }),
  });
}
