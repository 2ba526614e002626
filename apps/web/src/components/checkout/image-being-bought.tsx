import { useQuery } from '@tanstack/react-query';
import { apiPaths, type Conversion, retentionWords } from '@vectrace/contract';
import { describeSettings } from '../../lib/history';
import { queryKeys } from '../../lib/query-keys';
import { Card, CardContent } from '../ui/card';

/** The image this payment unlocks, so the buyer sees what they pay for. */
export function ImageBeingBought({ conversionId }: { conversionId: string }) {
  const { data: conversion } = useQuery<Conversion>({
    queryKey: queryKeys.conversion(conversionId),
    retry: false,
  });
  if (!conversion) return null;
  return (
    <Card>
      <CardContent className="flex items-center gap-4 pt-6">
        <img
          src={apiPaths.conversionThumbnail(conversion.id)}
          alt={`What you are buying: ${conversion.originalFileName}`}
          className="size-20 shrink-0 rounded-md border border-border bg-white object-contain"
        />
        <div className="min-w-0 text-sm">
          <p className="truncate font-semibold">{conversion.originalFileName}</p>
          <p className="text-muted-foreground">{describeSettings(conversion.settings)}</p>
          <p className="mt-1 text-muted-foreground">
            Unlocks this image: every re-tuning of it downloads too, until its files are deleted (
            {retentionWords} of upload).
          </p>
        </div>
      </CardContent>
    </Card>
  );
}
