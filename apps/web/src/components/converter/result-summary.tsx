import { type Conversion, type ConversionSettings, traceModes } from '@vectrace/contract';
import { ImageIcon, Info, RotateCcw, Shapes } from 'lucide-react';
import { formatSize } from '../../lib/file-size';
import { modeLabels, settingsSummary } from '../../lib/modes';
import { DeleteResultDialog } from '../history/delete-result-dialog';
import { Button } from '../ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../ui/card';

/**
 * The result card: what came out (size, vectors, how the image was read) and the settings it was
 * made with, so the picture on screen is never a mystery; Reset to start again from Auto, and one
 * click to the image's other readings.
 */
export function ResultSummary({
  conversion,
  onReset,
  onReadAs,
  onDeleted,
}: {
  conversion: Conversion;
  /** Back to the defaults (Auto), traced again; absent when the image cannot be traced again. */
  onReset?: () => void;
  /** Traces the image again in another mode (re-tuning is included in what was paid). */
  onReadAs?: (mode: ConversionSettings['mode']) => void;
  /** The result was deleted (its Delete, after asking). */
  onDeleted?: (conversion: Conversion) => void;
}) {
  const completed = conversion.status === 'completed' && !conversion.expired;
  return (
    <Card>
      <CardHeader className="p-4 pb-3">
        <CardTitle as="h2" className="text-base">
          Result
        </CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-3 p-4 pt-0 text-sm">
        {completed ? (
          <dl className="grid grid-cols-2 gap-2">
            <div className="rounded-lg bg-muted p-2.5">
              <dt className="flex items-center gap-1.5 text-xs text-muted-foreground">
                <ImageIcon aria-hidden="true" className="size-3.5" /> File size
              </dt>
              <dd className="mt-1 font-semibold tabular-nums">
                {conversion.fileSize == null ? 'N/A' : formatSize(conversion.fileSize)}
              </dd>
            </div>
            <div className="rounded-lg bg-muted p-2.5">
              <dt className="flex items-center gap-1.5 text-xs text-muted-foreground">
                <Shapes aria-hidden="true" className="size-3.5" /> Vectors
              </dt>
              <dd className="mt-1 font-semibold tabular-nums">{conversion.vectorCount ?? 'N/A'}</dd>
            </div>
          </dl>
        ) : null}
        {completed && conversion.reading ? (
          <p className="text-muted-foreground" data-testid="reading">
            {conversion.reading}
          </p>
        ) : null}
        {completed && conversion.notice ? (
          <p className="flex items-start gap-2 rounded-lg bg-amber-50 p-3 text-amber-900">
            <Info aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
            {conversion.notice}
          </p>
        ) : null}
        <div className="flex items-start justify-between gap-3">
          <p data-testid="made-with">
            <span className="font-medium">Made with: </span>
            <span className="text-muted-foreground">{settingsSummary(conversion.settings).join(' · ')}</span>
          </p>
          {onReset ? (
            <Button variant="outline" size="sm" onClick={onReset} aria-label="Reset settings to Auto">
              <RotateCcw aria-hidden="true" />
              Reset
            </Button>
          ) : null}
        </div>
        {onReadAs && (completed || conversion.status === 'failed') ? (
          <OtherReadings modes={[conversion.settings.mode, conversion.tracedMode]} onReadAs={onReadAs} />
        ) : null}
        {conversion.expired ? null : (
          <div className="flex justify-end">
            <DeleteResultDialog
              conversion={conversion}
              label={`Delete the result of ${conversion.originalFileName}`}
              onDeleted={onDeleted}
            />
          </div>
        )}
      </CardContent>
    </Card>
  );
}

/**
 * One click to the other readings: the image traced again in each mode it was not, neither the
 * one asked for nor the one Auto chose.
 */
function OtherReadings({
  modes,
  onReadAs,
}: {
  modes: (ConversionSettings['mode'] | null)[];
  onReadAs: (mode: ConversionSettings['mode']) => void;
}) {
  return (
    <fieldset className="flex flex-wrap items-center gap-2">
      <legend className="float-left mr-1 text-muted-foreground">Try it as:</legend>
      {traceModes
        .filter((other) => !modes.includes(other))
        .map((other) => (
          <Button key={other} variant="outline" size="sm" onClick={() => onReadAs(other)}>
            {modeLabels[other]}
          </Button>
        ))}
    </fieldset>
  );
}
