import type { Conversion } from '@vectrace/contract';
import { Maximize, Minimize, Minus, Plus, Scan } from 'lucide-react';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { Button } from '../../ui/button';
import { Slider } from '../../ui/slider';
import { type Backdrop, BackdropPicker, backdropFor, backdropStyle } from './backdrop-picker';
import { Pane } from './pane';
import { useElementSize } from './use-element-size';
import { usePaidSvg } from './use-paid-svg';
import { VectorLayer } from './vector-layer';
import { boxOf, clampZoom, fitView, panBy, type Size, type View, zoomAround } from './view-state';

export type ViewerTab = 'original' | 'vector' | 'split' | 'side' | 'outline';

/**
 * The result viewer: the original and the vector zoomed and panned together (wheel, pinch, drag,
 * keys), as one, split by a slider, side by side, or as outlines with their nodes. Unpaid, the
 * vector is shown by watermarked server renders of the visible region at the screen's resolution;
 * paid, by its own SVG.
 */
export function ResultViewer({
  tab,
  originalUrl,
  conversion,
  image,
  view: chosenView,
  setView,
  fill = false,
}: {
  tab: ViewerTab;
  originalUrl: string;
  conversion: Conversion | null;
  image: Size;
  view: View | null;
  setView: (update: (view: View | null) => View | null) => void;
  /** Take the height the page gives (the result-first layout) rather than a 4:3 box. */
  fill?: boolean;
}) {
  const frame = useRef<HTMLDivElement>(null);
  const frameSize = useElementSize(frame);
  const [split, setSplit] = useState(50);
  // The person's own choice of ground wins over the one the reading suggests.
  const [chosenBackdrop, setBackdrop] = useState<Backdrop | null>(null);
  const backdrop = chosenBackdrop ?? backdropFor(conversion?.reading);
  const ground = backdropStyle(backdrop);
  const [fullscreen, setFullscreen] = useState(false);
  const done = conversion?.status === 'completed' && !conversion.expired ? conversion : null;
  const paidSvg = usePaidSvg(done);
  const paneSize = tab === 'side' ? { ...frameSize, width: frameSize.width / 2 } : frameSize;
  // Until the person zooms or pans, the view fits the image, whatever the viewport's size.
  const fitted = frameSize.width > 0 ? fitView(image, paneSize) : null;
  const current = chosenView ?? fitted;
  const fit = () => setView(() => null);

  useEffect(() => {
    const change = () => setFullscreen(document.fullscreenElement === frame.current?.parentElement);
    document.addEventListener('fullscreenchange', change);
    return () => document.removeEventListener('fullscreenchange', change);
  }, []);

  const update = (change: (v: View, viewport: Size) => View) =>
    setView((v) => {
      const base = v ?? fitted;
      return base ? change(base, frameSize) : v;
    });
  const zoomBy = (factor: number) =>
    update((v, size) => zoomAround(v, factor, size.width / 2, size.height / 2, size));
  const zoomTo = (zoom: number) => update((v) => ({ ...v, zoom: clampZoom(zoom) }));
  const view = current;

  const keys = (event: React.KeyboardEvent) => {
    const step = 40;
    const actions: Record<string, () => void> = {
      '+': () => zoomBy(2),
      '=': () => zoomBy(2),
      '-': () => zoomBy(0.5),
      '0': fit,
      ArrowLeft: () => update((v) => panBy(v, step, 0)),
      ArrowRight: () => update((v) => panBy(v, -step, 0)),
      ArrowUp: () => update((v) => panBy(v, 0, step)),
      ArrowDown: () => update((v) => panBy(v, 0, -step)),
    };
    const action = actions[event.key];
    if (action) {
      event.preventDefault();
      action();
    }
  };

  const toggleFullscreen = () => {
    const container = frame.current?.parentElement;
    if (!container) return;
    if (document.fullscreenElement) void document.exitFullscreen();
    else void container.requestFullscreen?.();
  };

  const baseScale = 1024 / Math.max(image.width, image.height, 1);
  const original = (v: View, size: Size) => (
    <img
      src={originalUrl}
      alt="Original"
      draggable={false}
      style={boxOf(v, size, 0, 0, image.width, image.height)}
      className="select-none [image-rendering:auto]"
    />
  );
  const vector = (v: View, size: Size, outline: boolean) =>
    done ? (
      <VectorLayer
        conversion={done}
        view={v}
        viewport={size}
        image={image}
        baseScale={baseScale}
        outline={outline}
        paidSvg={paidSvg}
      />
    ) : null;

  const panes: ReactNode = !view ? null : tab === 'side' ? (
    <div className="grid h-full grid-cols-2 gap-1">
      <Pane onView={update} label="Original, zoomable">
        {(size) => original(view, size)}
      </Pane>
      <Pane onView={update} label="Vector, zoomable">
        {(size) => (
          <div className="absolute inset-0" style={ground}>
            {vector(view, size, false)}
          </div>
        )}
      </Pane>
    </div>
  ) : (
    <Pane onView={update} label={tab === 'original' ? 'Original, zoomable' : 'Vector, zoomable'}>
      {(size) => (
        <>
          {tab === 'original' || tab === 'split' ? original(view, size) : null}
          {tab !== 'original' ? (
            <div
              className="absolute inset-0"
              style={tab === 'split' ? { clipPath: `inset(0 0 0 ${split}%)` } : ground}
            >
              {tab === 'split' ? (
                <div
                  className="absolute inset-0"
                  style={{ ...ground, ...boxOf(view, size, 0, 0, image.width, image.height) }}
                />
              ) : null}
              {vector(view, size, tab === 'outline')}
            </div>
          ) : null}
          {tab === 'split' ? (
            <div
              aria-hidden="true"
              className="pointer-events-none absolute inset-y-0 w-0.5 bg-primary"
              style={{ left: `${split}%` }}
            />
          ) : null}
        </>
      )}
    </Pane>
  );

  return (
    <div
      className={
        fullscreen
          ? 'flex h-full flex-col gap-2 bg-surface p-3'
          : fill
            ? 'flex h-full min-h-0 flex-col gap-2'
            : 'flex flex-col gap-2'
      }
    >
      <div
        ref={frame}
        role="application"
        // biome-ignore lint/a11y/noNoninteractiveTabindex: an application region: its keys zoom and pan
        tabIndex={0}
        onKeyDown={keys}
        aria-label="Result viewer: plus and minus zoom, arrows pan, 0 fits"
        className={`relative w-full overflow-hidden rounded-lg border border-border bg-[conic-gradient(#f1f5f9_25%,#fff_0_50%,#f1f5f9_0_75%,#fff_0)] bg-[length:20px_20px] focus-visible:outline-2 focus-visible:outline-ring ${fullscreen || fill ? 'min-h-0 flex-1' : 'aspect-[4/3]'}`}
      >
        {panes}
      </div>
      {tab === 'split' ? (
        <Slider
          label="Split between original and vector"
          min={0}
          max={100}
          step={1}
          value={[split]}
          onValueChange={([value]) => setSplit(value)}
        />
      ) : null}
      <div className="flex flex-wrap items-center gap-2">
        <Button variant="outline" size="icon" aria-label="Zoom out" onClick={() => zoomBy(0.5)}>
          <Minus aria-hidden="true" />
        </Button>
        <output
          aria-live="polite"
          aria-label="Zoom"
          className="min-w-16 text-center text-sm font-semibold tabular-nums"
        >
          {view ? `${Math.round(view.zoom * 100)}%` : '–'}
        </output>
        <Button variant="outline" size="icon" aria-label="Zoom in" onClick={() => zoomBy(2)}>
          <Plus aria-hidden="true" />
        </Button>
        <Button variant="outline" size="sm" onClick={fit}>
          <Scan aria-hidden="true" />
          Fit
        </Button>
        <Button variant="outline" size="sm" onClick={() => zoomTo(1)}>
          100%
        </Button>
        {tab !== 'original' ? <BackdropPicker value={backdrop} onChange={setBackdrop} /> : null}
        <Button
          variant="outline"
          size="sm"
          className="ml-auto"
          onClick={toggleFullscreen}
          aria-pressed={fullscreen}
        >
          {fullscreen ? <Minimize aria-hidden="true" /> : <Maximize aria-hidden="true" />}
          {fullscreen ? 'Exit full screen' : 'Full screen'}
        </Button>
      </div>
    </div>
  );
}
