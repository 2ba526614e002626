import type { Conversion } from '@vectrace/contract';
import { retentionWords } from '@vectrace/contract';
import { Clock, ImageIcon, TriangleAlert } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useImageSize } from '../../hooks/use-image-size';
import { cn } from '../../lib/cn';
import { Card, CardContent, CardHeader, CardTitle } from '../ui/card';
import { Progress } from '../ui/progress';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../ui/tabs';
import { ExampleResult } from './example-result';
import { ResultViewer, type ViewerTab } from './viewer/result-viewer';
import type { View } from './viewer/view-state';

function Stage({ fill, children }: { fill: boolean; children: React.ReactNode }) {
  return (
    <div
      className={`flex ${fill ? 'h-full' : 'aspect-[4/3]'} w-full items-center justify-center overflow-hidden rounded-lg border border-border bg-[conic-gradient(#f1f5f9_25%,#fff_0_50%,#f1f5f9_0_75%,#fff_0)] bg-[length:20px_20px]`}
    >
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

const tabs: { value: ViewerTab; label: string }[] = [
  { value: 'original', label: 'Original' },
  { value: 'vector', label: 'Vector' },
  { value: 'split', label: 'Split' },
  { value: 'side', label: 'Side by side' },
  { value: 'outline', label: 'Outline' },
];

/**
 * Preview: the original, then the vector once completed, in a viewer that zooms and pans both
 * together, split, side by side or as outlines; the trace's progress under it.
 */
export function PreviewPanel({
  originalUrl,
  conversion,
  fill = false,
}: {
  originalUrl: string | null;
  conversion: Conversion | null;
  /** The result-first layout: the panel takes the height the page gives, the viewer the rest of it. */
  fill?: boolean;
}) {
  const completed = conversion?.status === 'completed' && !conversion.expired;
  const inProgress = conversion?.status === 'pending' || conversion?.status === 'processing';
  const [tab, setTab] = useState<ViewerTab>('original');
  const image = useImageSize(originalUrl);
  const [view, setView] = useState<View | null>(null);
  // Show the vector as soon as it exists; back to the original for a new image.
  useEffect(() => setTab(completed ? 'vector' : 'original'), [completed]);
  // A new image starts fitted.
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset when the image changes
  useEffect(() => setView(null), [originalUrl]);

  return (
    <Card className={fill ? 'flex h-full min-h-0 flex-col' : undefined}>
      <Tabs
        value={tab}
        onValueChange={(value) => setTab(value as ViewerTab)}
        className={fill ? 'flex min-h-0 flex-1 flex-col' : undefined}
      >
        <CardHeader
          className={cn('flex-row flex-wrap items-center justify-between gap-3', fill && 'px-4 pt-3 pb-2')}
        >
          <CardTitle>Preview</CardTitle>
          <TabsList aria-label="View" className="h-auto w-full flex-wrap sm:w-auto">
            {tabs.map((each) => (
              <TabsTrigger
                key={each.value}
                value={each.value}
                disabled={each.value !== 'original' && !completed}
              >
                {each.label}
              </TabsTrigger>
            ))}
          </TabsList>
        </CardHeader>
        <CardContent className={cn('flex flex-col gap-4', fill && 'min-h-0 flex-1 gap-2 px-4 pb-3')}>
          {tabs.map((each) => (
            <TabsContent
              key={each.value}
              value={each.value}
              tabIndex={-1}
              className={fill ? 'min-h-0 flex-1 data-[state=inactive]:hidden' : undefined}
            >
              {originalUrl && image ? (
                <ResultViewer
                  tab={each.value}
                  originalUrl={originalUrl}
                  conversion={conversion}
                  image={image}
                  view={view}
                  setView={setView}
                  fill={fill}
                />
              ) : (
                <Stage fill={fill}>
                  {originalUrl ? null : conversion?.expired ? (
                    <Empty
                      text={`The image and its result are deleted: on request, or ${retentionWords} of upload`}
                    />
                  ) : each.value === 'original' ? (
                    <ExampleResult />
                  ) : (
                    <Empty text="The vector appears here when the conversion is done" />
                  )}
                </Stage>
              )}
            </TabsContent>
          ))}
          {conversion ? <ConversionProgress conversion={conversion} inProgress={inProgress} /> : null}
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
        The files of this conversion are deleted: images and results are deleted {retentionWords} of upload,
        or sooner when you delete them. Upload the image again to convert it.
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
    </div>
  );
}
