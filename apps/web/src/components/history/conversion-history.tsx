import { useQuery } from '@tanstack/react-query';
import {
  apiPaths,
  CONVERSIONS_PAGE_SIZE,
  type Conversion,
  downloadFileName,
  inProgressStatuses,
  isPaid,
  retentionWords,
} from '@vectrace/contract';
import { Download, FolderOpen, ImageIcon } from 'lucide-react';
import { useId, useState } from 'react';
import { Link } from 'wouter';
import { toast } from '../../hooks/use-toast';
import { apiJson, apiRequest, errorMessage } from '../../lib/api';
import { cn } from '../../lib/cn';
import { describeSettings, groupByImage, statusWords, timeLeft } from '../../lib/history';
import { saveBlob } from '../../lib/png-export';
import { queryKeys } from '../../lib/query-keys';
import { backdropFor } from '../converter/viewer/backdrop-picker';
import { Button } from '../ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../ui/card';
import { DeleteResultDialog } from './delete-result-dialog';

async function download(conversion: Conversion) {
  try {
    const svg = await (await apiRequest('GET', apiPaths.download(conversion.id))).text();
    saveBlob(
      new Blob([svg], { type: 'image/svg+xml' }),
      downloadFileName('svg', conversion.originalFileName),
    );
  } catch (error) {
    toast({
      title: 'Download failed',
      description: errorMessage(error, 'Please try again.'),
      variant: 'destructive',
    });
  }
}

function Thumbnail({ conversion }: { conversion: Conversion }) {
  return (
    <div
      className={cn(
        'flex size-16 shrink-0 items-center justify-center overflow-hidden rounded-md border border-border',
        // White art on transparency would vanish on the light checkerboard.
        backdropFor(conversion.reading) === 'dark'
          ? 'bg-[#1e293b]'
          : 'bg-[conic-gradient(#f1f5f9_25%,#fff_0_50%,#f1f5f9_0_75%,#fff_0)] bg-[length:12px_12px]',
      )}
    >
      {conversion.expired ? (
        <ImageIcon aria-hidden="true" className="size-6 text-muted-foreground" />
      ) : (
        <img
          src={apiPaths.conversionThumbnail(conversion.id)}
          alt=""
          loading="lazy"
          className="max-h-full max-w-full object-contain"
        />
      )}
    </div>
  );
}

/**
 * "Your conversions": every image of this visitor or user with its tunings, what each costs or
 * allows, how long it is kept, a download for paid ones, and Open to bring it back into the converter.
 */
export function ConversionHistory({ enabled = true }: { enabled?: boolean }) {
  const { data: newest = [], isLoading } = useQuery<Conversion[]>({
    queryKey: queryKeys.conversions,
    enabled,
    retry: false,
    refetchInterval: (query) =>
      (query.state.data ?? []).some((c) => inProgressStatuses.includes(c.status)) ? 2000 : 30_000,
  });
  // Older pages, asked for one at a time; they are settled, so not polled.
  const [older, setOlder] = useState<Conversion[]>([]);
  const [olderLoading, setOlderLoading] = useState(false);
  const [olderDone, setOlderDone] = useState(false);
  const listed = [...newest, ...older.filter((c) => !newest.some((n) => n.id === c.id))];
  const mayHaveOlder = !olderDone && newest.length === CONVERSIONS_PAGE_SIZE;
  async function showOlder() {
    setOlderLoading(true);
    try {
      const last = (older.length ? older : newest).at(-1);
      const page = await apiJson<Conversion[]>('GET', apiPaths.conversionsBefore(last?.id ?? ''));
      setOlder((shown) => [...shown, ...page]);
      if (page.length < CONVERSIONS_PAGE_SIZE) setOlderDone(true);
    } catch (error) {
      toast({
        title: 'Could not load older conversions',
        description: errorMessage(error, 'Please try again.'),
      });
    } finally {
      setOlderLoading(false);
    }
  }
  const now = Date.now();
  const images = groupByImage(listed);
  const titleId = useId();

  return (
    <Card role="region" aria-labelledby={titleId}>
      <CardHeader>
        <CardTitle as="h2" id={titleId}>
          Your conversions
        </CardTitle>
      </CardHeader>
      <CardContent>
        {images.length === 0 ? (
          <p className="rounded-lg bg-muted p-4 text-center text-sm text-muted-foreground">
            {isLoading
              ? 'Loading your conversions...'
              : `No conversions yet: the images you convert appear here until their files are deleted, ${retentionWords} of upload.`}
          </p>
        ) : (
          <ul className="flex flex-col gap-4">
            {images.map((image) => (
              <li key={image.uploadId} className="flex flex-col gap-2 rounded-lg border border-border p-3">
                <div className="flex items-center gap-3">
                  <Thumbnail conversion={image.conversions[0]} />
                  <div className="min-w-0">
                    <p className="truncate font-medium">{image.fileName}</p>
                    <p className="text-xs text-muted-foreground">
                      {image.conversions.length === 1
                        ? '1 conversion'
                        : `${image.conversions.length} conversions`}
                      {timeLeft(image.conversions[0], now) ? ` · ${timeLeft(image.conversions[0], now)}` : ''}
                    </p>
                  </div>
                </div>
                <ul className="flex flex-col divide-y divide-border">
                  {image.conversions.map((conversion) => (
                    <li
                      key={conversion.id}
                      className="flex flex-wrap items-center justify-between gap-2 py-2 text-sm"
                    >
                      <div className="min-w-0">
                        <p className="truncate">{describeSettings(conversion.settings)}</p>
                        <p className="text-xs text-muted-foreground">
                          {statusWords(conversion)}
                          {conversion.status === 'failed' && conversion.errorMessage
                            ? `: ${conversion.errorMessage}`
                            : ''}
                          {' · '}
                          {new Date(conversion.createdAt).toLocaleString()}
                        </p>
                      </div>
                      <div className="flex flex-wrap gap-2">
                        {!conversion.expired ? (
                          <Button asChild variant="outline" size="sm">
                            <Link
                              href={`/?conversion=${conversion.id}`}
                              aria-label={`Open ${image.fileName} (${describeSettings(conversion.settings)})`}
                            >
                              <FolderOpen aria-hidden="true" />
                              Open
                            </Link>
                          </Button>
                        ) : null}
                        {conversion.status === 'completed' &&
                        !conversion.expired &&
                        isPaid(conversion.paymentStatus) ? (
                          <Button
                            size="sm"
                            onClick={() => void download(conversion)}
                            aria-label={`Download ${image.fileName} as SVG (${describeSettings(conversion.settings)})`}
                          >
                            <Download aria-hidden="true" />
                            Download
                          </Button>
                        ) : null}
                        {!conversion.expired ? (
                          <DeleteResultDialog
                            conversion={conversion}
                            label={`Delete ${image.fileName} (${describeSettings(conversion.settings)})`}
                            onDeleted={(deleted) =>
                              setOlder((shown) => shown.filter((c) => c.id !== deleted.id))
                            }
                          />
                        ) : null}
                      </div>
                    </li>
                  ))}
                </ul>
              </li>
            ))}
          </ul>
        )}
        {mayHaveOlder ? (
          <Button
            variant="outline"
            className="mt-4 w-full"
            disabled={olderLoading}
            onClick={() => void showOlder()}
          >
            {olderLoading ? 'Loading...' : 'Show older conversions'}
          </Button>
        ) : null}
      </CardContent>
    </Card>
  );
}
