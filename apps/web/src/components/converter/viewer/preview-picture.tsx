import { TriangleAlert } from 'lucide-react';
import { type CSSProperties, useEffect, useState } from 'react';
import { Button } from '../../ui/button';

/** Pauses before each automatic new try of a render that did not load, in milliseconds. */
const RETRY_AFTER_MS = [1000, 3000];

/**
 * The whole-result render. One that does not load (a restart, a dropped connection, a busy
 * server) is asked for again by itself, twice; then the viewer says so in words, with Retry,
 * instead of a broken picture.
 */
export function PreviewPicture({ src, style }: { src: string; style: CSSProperties }) {
  const [attempt, setAttempt] = useState(0);
  const [failed, setFailed] = useState(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new address starts over
  useEffect(() => {
    setAttempt(0);
    setFailed(false);
  }, [src]);
  useEffect(() => {
    if (!failed || attempt >= RETRY_AFTER_MS.length) return;
    const timer = setTimeout(() => {
      setAttempt((a) => a + 1);
      setFailed(false);
    }, RETRY_AFTER_MS[attempt]);
    return () => clearTimeout(timer);
  }, [failed, attempt]);

  if (failed && attempt >= RETRY_AFTER_MS.length) {
    return (
      // Its own clicks: the pane around it takes pointers for panning (and would take the click).
      <div
        className="absolute inset-0 flex items-center justify-center p-4"
        onPointerDown={(event) => event.stopPropagation()}
      >
        <div
          role="alert"
          className="flex max-w-sm flex-col items-center gap-3 rounded-lg bg-surface p-4 text-center text-sm shadow"
        >
          <TriangleAlert aria-hidden="true" className="size-6 text-danger" />
          {navigator.onLine
            ? 'The preview could not be loaded. Your result is safe on the server.'
            : 'You are offline, so the preview could not be loaded. Your result is safe on the server.'}
          <Button
            size="sm"
            onClick={() => {
              setAttempt((a) => a + 1);
              setFailed(false);
            }}
          >
            Retry
          </Button>
        </div>
      </div>
    );
  }
  return (
    <img
      // Another address per try, so the browser asks the server again.
      src={attempt === 0 ? src : `${src}&try=${attempt}`}
      onError={() => setFailed(true)}
      alt="Vector preview"
      draggable={false}
      style={style}
      className="select-none"
    />
  );
}

/**
 * A sharper render of the region in view. One not drawn (the owner's renders are busy, a dropped
 * connection) is asked for again after a pause, once; meanwhile, and if that fails too, the
 * whole-result picture under it shows.
 */
export function RegionPicture({ src, alt, style }: { src: string; alt: string; style: CSSProperties }) {
  const [attempt, setAttempt] = useState(0);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    if (!failed || attempt > 0) return;
    const timer = setTimeout(() => {
      setAttempt(1);
      setFailed(false);
    }, RETRY_AFTER_MS[1]);
    return () => clearTimeout(timer);
  }, [failed, attempt]);
  return (
    <img
      src={attempt === 0 ? src : `${src}&try=${attempt}`}
      onError={() => setFailed(true)}
      alt={alt}
      draggable={false}
      style={{ ...style, visibility: failed ? 'hidden' : 'visible' }}
      className="select-none"
    />
  );
}
