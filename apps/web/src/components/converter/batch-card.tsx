import {
  apiPaths,
  type Conversion,
  type DownloadFormat,
  downloadFormats,
  formatDetails,
} from '@vectrace/contract';
import { Archive, CheckCircle2, Clock, ImageIcon, Info, TriangleAlert } from 'lucide-react';
import { useId, useState } from 'react';
import {
  type BatchRow,
  type BatchState,
  completedConversionIds,
  type RowView,
  rowView,
} from '../../lib/batch-state';
import { cn } from '../../lib/cn';
import { zipPath } from '../../lib/downloads';
import { Button } from '../ui/button';
import { Card, CardContent, CardFooter, CardHeader, CardTitle } from '../ui/card';
import { Label } from '../ui/input';
import { Progress } from '../ui/progress';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../ui/select';
import { Spinner } from '../ui/spinner';

const toneStyle: Record<RowView['tone'], string> = {
  waiting: 'text-muted-foreground',
  working: 'text-primary',
  done: 'text-success',
  failed: 'text-danger',
};

function ToneIcon({ tone }: { tone: RowView['tone'] }) {
  if (tone === 'working') return <Spinner />;
  const Icon = tone === 'done' ? CheckCircle2 : tone === 'failed' ? TriangleAlert : Clock;
  return <Icon aria-hidden="true" className="size-4 shrink-0" />;
}

/** One image of the batch: its thumbnail once converted, its name, and where it stands. */
function RowContent({ row, view }: { row: BatchRow; view: RowView }) {
  return (
    <>
      {row.status === 'created' ? (
        <img
          src={apiPaths.conversionThumbnail(row.conversionId)}
          alt=""
          className="size-10 shrink-0 rounded-md border border-border bg-white object-contain"
        />
      ) : (
        <span className="flex size-10 shrink-0 items-center justify-center rounded-md bg-muted">
          <ImageIcon aria-hidden="true" className="size-5 text-muted-foreground" />
        </span>
      )}
      <span className="flex min-w-0 flex-1 flex-col gap-1">
        <span className="truncate text-sm font-medium">{row.fileName}</span>
        <span className={cn('flex items-start gap-1.5 text-xs', toneStyle[view.tone])}>
          <ToneIcon tone={view.tone} />
          <span className="min-w-0">{view.words}</span>
        </span>
        {view.percent !== null ? (
          <Progress value={view.percent} label={`Upload progress of ${row.fileName}`} className="h-1.5" />
        ) : null}
      </span>
    </>
  );
}

/**
 * The batch: each image with its state, from upload to result; a converted one opens in the
 * preview; "Download all" takes the completed ones as one ZIP, in a chosen format.
 */
export function BatchCard({
  batch,
  conversions,
  uploading,
  openId,
  onOpen,
  onClear,
}: {
  batch: BatchState;
  /** The owner's conversions by id, as last polled. */
  conversions: Map<string, Conversion>;
  uploading: boolean;
  /** The conversion in the preview. */
  openId: string | null;
  onOpen: (conversionId: string) => void;
  onClear: () => void;
}) {
  const id = useId();
  const [format, setFormat] = useState<DownloadFormat>('svg');
  const views = batch.rows.map((row) => ({
    row,
    view: rowView(row, row.status === 'created' ? conversions.get(row.conversionId) : undefined),
  }));
  const completed = completedConversionIds(batch.rows, conversions);

  return (
    <Card>
      <CardHeader className="flex-row flex-wrap items-center justify-between gap-3">
        <CardTitle className="flex items-center gap-2">
          <Archive aria-hidden="true" className="size-5 text-muted-foreground" />
          Batch
        </CardTitle>
        <span role="status" className="text-sm text-muted-foreground">
          {completed.length} of {batch.rows.length} completed
        </span>
      </CardHeader>
      <CardContent className="flex flex-col gap-3">
        {batch.notice ? (
          <p className="flex items-start gap-2 rounded-lg bg-amber-50 p-3 text-sm text-amber-900">
            <Info aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
            {batch.notice}
          </p>
        ) : null}
        <ul aria-label="Images in the batch" className="flex max-h-[28rem] flex-col gap-2 overflow-y-auto">
          {views.map(({ row, view }) => (
            <li key={row.key}>
              {row.status === 'created' ? (
                <button
                  type="button"
                  aria-current={openId === row.conversionId ? 'true' : undefined}
                  onClick={() => onOpen(row.conversionId)}
                  className={cn(
                    'flex w-full cursor-pointer items-center gap-3 rounded-lg border border-border p-2.5 text-left hover:bg-muted',
                    'focus-visible:outline-2 focus-visible:outline-ring aria-[current]:border-primary aria-[current]:bg-primary-soft/50',
                  )}
                >
                  <RowContent row={row} view={view} />
                </button>
              ) : (
                <div className="flex items-center gap-3 rounded-lg border border-border p-2.5">
                  <RowContent row={row} view={view} />
                </div>
              )}
            </li>
          ))}
        </ul>
      </CardContent>
      <CardFooter className="flex-wrap gap-2">
        <Label id={`${id}-format`} className="text-muted-foreground">
          Format
        </Label>
        <div className="w-24">
          <Select value={format} onValueChange={(value) => setFormat(value as DownloadFormat)}>
            <SelectTrigger aria-labelledby={`${id}-format`}>
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              {downloadFormats.map((f) => (
                <SelectItem key={f} value={f}>
                  {formatDetails[f].label}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </div>
        {completed.length > 0 ? (
          // A real download, not a fetch: the ZIP streams to disk however large it grows.
          <Button asChild>
            <a href={zipPath(completed, format)} download>
              <Archive aria-hidden="true" />
              Download all
            </a>
          </Button>
        ) : (
          <Button disabled>
            <Archive aria-hidden="true" />
            Download all
          </Button>
        )}
        <Button variant="ghost" className="ml-auto" disabled={uploading} onClick={onClear}>
          Clear list
        </Button>
      </CardFooter>
    </Card>
  );
}
