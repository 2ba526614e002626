import { type Conversion, type ConversionSettings, traceModes } from '@vectrace/contract';
import { Clock, ImageIcon, Info, Shapes, TriangleAlert } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useImageSize } from '../../hooks/use-image-size';
import { formatSize } from '../../lib/file-size';
import { modeLabels } from '../../lib/modes';
import { Button } from '../ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../ui/card';
import { Progress } from '../ui/progress';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../ui/tabs';
import { ExampleResult } from './example-result';
import { ResultViewer, type ViewMode } from './viewer/result-viewer';
import type { View } from './viewer/view-state';

function Stage({ children }: { children: React.ReactNode }) {
  return (
    <div className="flex aspect-[4/3] w-full items-center justify-center overflow-hidden rounded-lg border border-border bg-[conic-gradient(#f1f5f9_25%,#fff_0_50%,#f1f5f9_0_75%,#fff_0)] bg-[length:20px_20px]">
      {children}
    </div>
  );
}

function Empty({ text }: { text: string }) {
  return (
    <div className="flex flex-col items-center gap-2 p-6 text-center text-sm text-muted-foreground">
      <ImageIcon aria-hidden="true" className="size-8" />
      {text}
    </div>
  );
}

const modes: { value: ViewMode; label: string }[] = [
  { value: 'original', label: 'Original' },
  { value: 'vector', label: 'Vector' },
  { value: 'split', label: 'Split' },
  { value: 'side', label: 'Side by side' },
  { value: 'outline', label: 'Outline' },
];

/**
 * Preview: the original, then the vector once completed, in a viewer that zooms and pans both
 * together, split, side by side or as outlines; progress and the result's numbers under it.
 */
export function PreviewPanel({
  originalUrl,
  conversion,
  onReadAs,
}: {
  originalUrl: string | null;
  conversion: Conversion | null;
  /** Traces the image again in another mode (re-tuning is included in what was paid). */
  onReadAs?: (mode: ConversionSettings['mode']) => void;
}) {
  const completed = conversion?.status === 'completed' && !conversion.expired;
  const inProgress = conversion?.status === 'pending' || conversion?.status === 'processing';
  const [tab, setTab] = useState<ViewMode>('original');
  const image = useImageSize(originalUrl);
  const [view, setView] = useState<View | null>(null);
  // Show the vector as soon as it exists; back to the original for a new image.
  useEffect(() => setTab(completed ? 'vector' : 'original'), [completed]);
  // A new image starts fitted.
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset when the image changes
  useEffect(() => setView(null), [originalUrl]);

  return (
    <Card>
      <Tabs value={tab} onValueChange={(value) => setTab(value as ViewMode)}>
        <CardHeader className="flex-row flex-wrap items-center justify-between gap-3">
          <CardTitle>Preview</CardTitle>
          <TabsList aria-label="View" className="h-auto w-full flex-wrap sm:w-auto">
            {modes.map((mode) => (
              <TabsTrigger
                key={mode.value}
                value={mode.value}
                disabled={mode.value !== 'original' && !completed}
              >
                {mode.label}
              </TabsTrigger>
            ))}
          </TabsList>
        </CardHeader>
        <CardContent className="flex flex-col gap-4">
          {modes.map((mode) => (
            <TabsContent key={mode.value} value={mode.value} tabIndex={-1}>
              {originalUrl && image ? (
                <ResultViewer
                  mode={mode.value}
                  originalUrl={originalUrl}
                  conversion={conversion}
                  image={image}
                  view={view}
                  setView={setView}
                />
              ) : (
                <Stage>
                  {originalUrl ? null : mode.value === 'original' ? (
                    <ExampleResult />
                  ) : (
                    <Empty text="The vector appears here when the conversion is done" />
                  )}
                </Stage>
              )}
            </TabsContent>
          ))}
          {conversion ? <ConversionProgress conversion={conversion} inProgress={inProgress} /> : null}
          {conversion && onReadAs && !conversion.expired && (completed || conversion.status === 'failed') ? (
            <OtherReadings modes={[conversion.settings.mode, conversion.tracedMode]} onReadAs={onReadAs} />
          ) : null}
        </CardContent>
      </Tabs>
    </Card>
  );
}

/** What the trace is doing, from the server's stage: the bar moves as the work does. */
export function progressOf(conversion: Pick<Conversion, 'stage' | 'queuePosition'>): {
  percent: number;
  words: string;
} {
  switch (conversion.stage) {
    case 'reading':
      return { percent: 20, words: 'Reading the image...' };
    case 'tracing':
      return { percent: 50, words: 'Tracing the outlines...' };
    case 'saving':
      return { percent: 90, words: 'Saving the vector...' };
    default:
      return {
        percent: 5,
        words: conversion.queuePosition
          ? `Waiting in the queue (#${conversion.queuePosition})...`
          : 'Waiting in the queue...',
      };
  }
}

function ConversionProgress({ conversion, inProgress }: { conversion: Conversion; inProgress: boolean }) {
  if (conversion.expired) {
    return (
      <p className="flex items-start gap-2 rounded-lg bg-warning-soft p-3 text-sm">
        <Clock aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
        This conversion has expired: images and results are deleted 24 hours after upload. Upload the image
        again to convert it.
      </p>
    );
  }
  if (conversion.status === 'failed') {
    return (
      <p role="alert" className="flex items-start gap-2 rounded-lg bg-red-50 p-3 text-sm text-danger">
        <TriangleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
        {conversion.errorMessage ?? 'The conversion failed. Please try again.'}
      </p>
    );
  }
  const { percent, words } = inProgress
    ? progressOf(conversion)
    : { percent: 100, words: 'Conversion complete' };
  return (
    <div className="flex flex-col gap-3">
      <div className="flex items-center justify-between text-sm">
        <span className="text-muted-foreground" role="status" aria-live="polite">
          {words}
        </span>
        <span className="font-semibold tabular-nums">{percent}%</span>
      </div>
      <Progress value={percent} label="Conversion progress" />
      {conversion.status === 'completed' ? (
        <dl className="grid grid-cols-2 gap-3">
          <div className="rounded-lg bg-muted p-3">
            <dt className="flex items-center gap-1.5 text-xs text-muted-foreground">
              <ImageIcon aria-hidden="true" className="size-3.5" /> File size
            </dt>
            <dd className="mt-1 font-semibold tabular-nums">
              {conversion.fileSize == null ? 'N/A' : formatSize(conversion.fileSize)}
            </dd>
          </div>
          <div className="rounded-lg bg-muted p-3">
            <dt className="flex items-center gap-1.5 text-xs text-muted-foreground">
              <Shapes aria-hidden="true" className="size-3.5" /> Vectors
            </dt>
            <dd className="mt-1 font-semibold tabular-nums">{conversion.vectorCount ?? 'N/A'}</dd>
          </div>
        </dl>
      ) : null}
      {conversion.status === 'completed' && conversion.reading ? (
        <p className="text-sm text-muted-foreground" data-testid="reading">
          {conversion.reading}
        </p>
      ) : null}
      {conversion.status === 'completed' && conversion.notice ? (
        <p className="flex items-start gap-2 rounded-lg bg-amber-50 p-3 text-sm text-amber-900">
          <Info aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          {conversion.notice}
        </p>
      ) : null}
    </div>
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
    <fieldset className="flex flex-wrap items-center gap-2 text-sm">
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
