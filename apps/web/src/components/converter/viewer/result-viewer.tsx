import { type Conversion, isPaid } from '@vectrace/contract';
import { Maximize, Minimize, Minus, Plus, Scan } from 'lucide-react';
import { type CSSProperties, type ReactNode, useEffect, useRef, useState } from 'react';
import { apiRequest } from '../../../lib/api';
import { Button } from '../../ui/button';
import { Slider } from '../../ui/slider';
import { PreviewPicture, RegionPicture } from './preview-picture';
import { useElementSize } from './use-element-size';
import { useRegionUrl } from './use-region-url';
import { clampZoom, fitView, panBy, type View, zoomAround } from './view-state';

export type ViewMode = 'original' | 'vector' | 'split' | 'side' | 'outline';

/** What the vector is shown on: its transparency as a checkerboard, white paper, or a dark ground. */
type Backdrop = 'checker' | 'white' | 'dark';
const backdrops: { value: Backdrop; label: string; style: CSSProperties }[] = [
  {
    value: 'checker',
    label: 'Checkerboard',
    style: { background: 'repeating-conic-gradient(#e2e8f0 0 25%, #fff 0 50%) 0 0 / 20px 20px' },
  },
  { value: 'white', label: 'White', style: { background: '#fff' } },
  { value: 'dark', label: 'Dark', style: { background: '#1e293b' } },
];
type Size = { width: number; height: number };

/** Where an image-sized box sits in a viewport for a view. */
function boxOf(view: View, viewport: Size, x = 0, y = 0, w = 0, h = 0): CSSProperties {
  return {
    position: 'absolute',
    left: viewport.width / 2 + (x - view.cx) * view.zoom,
    top: viewport.height / 2 + (y - view.cy) * view.zoom,
    width: w * view.zoom,
    height: h * view.zoom,
    maxWidth: 'none',
  };
}

/** The paid result's own SVG, as a picture that stays sharp at any zoom. */
function usePaidSvg(conversion: Conversion | null): string | null {
  const [url, setUrl] = useState<string | null>(null);
  const paid = conversion ? isPaid(conversion.paymentStatus) : false;
  const id = conversion?.id;
  useEffect(() => {
    if (!paid || !id) return;
    let objectUrl: string | null = null;
    let live = true;
    apiRequest('GET', `/api/download/${id}`)
      .then((response) => response.blob())
      .then((blob) => {
        if (!live) return;
        objectUrl = URL.createObjectURL(new Blob([blob], { type: 'image/svg+xml' }));
        setUrl(objectUrl);
      })
      .catch(() => setUrl(null));
    return () => {
      live = false;
      if (objectUrl) URL.revokeObjectURL(objectUrl);
      setUrl(null);
    };
  }, [paid, id]);
  return url;
}

/** One viewport: it zooms with the wheel or a pinch, pans with a drag, and shows its layers. */
function Pane({
  onView,
  label,
  children,
}: {
  onView: (update: (view: View, viewport: Size) => View) => void;
  label: string;
  children: (viewport: Size) => ReactNode;
}) {
  const ref = useRef<HTMLDivElement>(null);
  const viewport = useElementSize(ref);
  const pointers = useRef(new Map<number, { x: number; y: number }>());

  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const wheel = (event: WheelEvent) => {
      event.preventDefault();
      const rect = element.getBoundingClientRect();
      const size = { width: rect.width, height: rect.height };
      onView((v) =>
        zoomAround(
          v,
          Math.exp(-event.deltaY * 0.0015),
          event.clientX - rect.left,
          event.clientY - rect.top,
          size,
        ),
      );
    };
    element.addEventListener('wheel', wheel, { passive: false });
    return () => element.removeEventListener('wheel', wheel);
  }, [onView]);

  const move = (event: React.PointerEvent) => {
    const previous = pointers.current.get(event.pointerId);
    if (!previous) return;
    const rect = event.currentTarget.getBoundingClientRect();
    const size = { width: rect.width, height: rect.height };
    const current = { x: event.clientX, y: event.clientY };
    if (pointers.current.size === 2) {
      // A pinch: the distance between the two fingers sets the zoom, around their middle.
      const [other] = [...pointers.current.entries()]
        .filter(([id]) => id !== event.pointerId)
        .map(([, p]) => p);
      const before = Math.hypot(previous.x - other.x, previous.y - other.y);
      const after = Math.hypot(current.x - other.x, current.y - other.y);
      if (before > 0) {
        const mx = (current.x + other.x) / 2 - rect.left;
        const my = (current.y + other.y) / 2 - rect.top;
        onView((v) => zoomAround(v, after / before, mx, my, size));
      }
    } else {
      onView((v) => panBy(v, current.x - previous.x, current.y - previous.y));
    }
    pointers.current.set(event.pointerId, current);
  };
  const release = (event: React.PointerEvent) => pointers.current.delete(event.pointerId);

  return (
    <div
      ref={ref}
      data-pane={label}
      className="relative h-full w-full cursor-grab touch-none overflow-hidden active:cursor-grabbing"
      onPointerDown={(event) => {
        event.currentTarget.setPointerCapture(event.pointerId);
        pointers.current.set(event.pointerId, { x: event.clientX, y: event.clientY });
      }}
      onPointerMove={move}
      onPointerUp={release}
      onPointerCancel={release}
    >
      {viewport.width > 0 ? children(viewport) : null}
    </div>
  );
}

/**
 * The result viewer: the original and the vector zoomed and panned together (wheel, pinch, drag,
 * keys), as one, split by a slider, side by side, or as outlines with their nodes. Unpaid, the
 * vector is shown by watermarked server renders of the visible region at the screen's resolution;
 * paid, by its own SVG.
 */
export function ResultViewer({
  mode,
  originalUrl,
  conversion,
  image,
  view: chosenView,
  setView,
  fill = false,
}: {
  mode: ViewMode;
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
  const [backdrop, setBackdrop] = useState<Backdrop>('checker');
  const ground = (backdrops.find((b) => b.value === backdrop) ?? backdrops[0]).style;
  const [fullscreen, setFullscreen] = useState(false);
  const done = conversion?.status === 'completed' && !conversion.expired ? conversion : null;
  const paidSvg = usePaidSvg(done);
  const paneSize = mode === 'side' ? { ...frameSize, width: frameSize.width / 2 } : frameSize;
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

  const panes: ReactNode = !view ? null : mode === 'side' ? (
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
    <Pane onView={update} label={mode === 'original' ? 'Original, zoomable' : 'Vector, zoomable'}>
      {(size) => (
        <>
          {mode === 'original' || mode === 'split' ? original(view, size) : null}
          {mode !== 'original' ? (
            <div
              className="absolute inset-0"
              style={mode === 'split' ? { clipPath: `inset(0 0 0 ${split}%)` } : ground}
            >
              {mode === 'split' ? (
                <div
                  className="absolute inset-0"
                  style={{ ...ground, ...boxOf(view, size, 0, 0, image.width, image.height) }}
                />
              ) : null}
              {vector(view, size, mode === 'outline')}
            </div>
          ) : null}
          {mode === 'split' ? (
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
      {mode === 'split' ? (
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
        {mode !== 'original' ? (
          <fieldset className="flex items-center gap-1">
            <legend className="sr-only">Background</legend>
            {backdrops.map((b) => (
              <Button
                key={b.value}
                variant="outline"
                size="sm"
                aria-pressed={backdrop === b.value}
                className={backdrop === b.value ? 'bg-accent' : undefined}
                onClick={() => setBackdrop(b.value)}
              >
                <span aria-hidden="true" className="size-3 rounded-sm border border-border" style={b.style} />
                {b.label}
              </Button>
            ))}
          </fieldset>
        ) : null}
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

/** The vector: the whole-image render, a sharper render of the visible region over it, or the SVG. */
function VectorLayer({
  conversion,
  view,
  viewport,
  image,
  baseScale,
  outline,
  paidSvg,
}: {
  conversion: Conversion;
  view: View;
  viewport: Size;
  image: Size;
  baseScale: number;
  outline: boolean;
  paidSvg: string | null;
}) {
  const tile = useRegionUrl({
    conversionId: conversion.id,
    paymentStatus: conversion.paymentStatus,
    view,
    image,
    viewport,
    baseScale: paidSvg && !outline ? Number.POSITIVE_INFINITY : baseScale,
    outline,
  });
  const whole = boxOf(view, viewport, 0, 0, image.width, image.height);
  return (
    <>
      {outline ? null : (
        // A new image once paid: the preview drops its watermark.
        <PreviewPicture
          src={`/api/preview/${conversion.id}?payment=${conversion.paymentStatus}`}
          style={whole}
        />
      )}
      {paidSvg && !outline ? (
        <img src={paidSvg} alt="" draggable={false} style={whole} className="select-none" />
      ) : null}
      {tile ? (
        <RegionPicture
          key={tile.url}
          src={tile.url}
          alt={outline ? 'Vector outlines and nodes' : ''}
          style={boxOf(view, viewport, tile.region.x, tile.region.y, tile.region.w, tile.region.h)}
        />
      ) : null}
    </>
  );
}
