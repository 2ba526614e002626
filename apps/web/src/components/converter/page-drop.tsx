import { ImageUp } from 'lucide-react';
import { type ReactNode, useEffect, useRef, useState } from 'react';

const hasFiles = (event: DragEvent) => event.dataTransfer?.types.includes('Files') ?? false;

/**
 * The page's one handler for images coming in: dropped anywhere, or pasted from the clipboard.
 * A drop on the upload zone itself is the zone's (it marks the event handled); the zone leaves
 * drops elsewhere alone (`preventDropOnDocument: false`), so they arrive here. While an upload
 * is under way a dropped file is still caught, so the browser never opens it in place of the page.
 * Every dropped file is handed on; the converter decides whether one or several are taken.
 */
export function PageDrop({
  disabled,
  onFiles,
  children,
}: {
  disabled: boolean;
  onFiles: (files: File[]) => void;
  children: ReactNode;
}) {
  const [dragging, setDragging] = useState(false);
  const depth = useRef(0);
  const take = useRef(onFiles);
  take.current = onFiles;

  const busy = useRef(disabled);
  busy.current = disabled;

  useEffect(() => {
    const enter = (event: DragEvent) => {
      if (!hasFiles(event) || busy.current) return;
      depth.current += 1;
      setDragging(true);
    };
    const leave = () => {
      depth.current = Math.max(0, depth.current - 1);
      if (depth.current === 0) setDragging(false);
    };
    const over = (event: DragEvent) => {
      if (hasFiles(event)) event.preventDefault();
    };
    const drop = (event: DragEvent) => {
      depth.current = 0;
      setDragging(false);
      if (event.defaultPrevented || !hasFiles(event)) return;
      event.preventDefault();
      if (busy.current) return;
      const files = [...(event.dataTransfer?.files ?? [])];
      if (files.length > 0) take.current(files);
    };
    const paste = (event: ClipboardEvent) => {
      const target = event.target;
      if (target instanceof Element && target.closest('input, textarea, [contenteditable="true"]')) return;
      const file = [...(event.clipboardData?.files ?? [])].find((f) => f.type.startsWith('image/'));
      if (!file || busy.current) return;
      event.preventDefault();
      take.current([
        file.name && file.name !== 'image.png'
          ? file
          : new File([file], 'pasted-image.png', { type: file.type }),
      ]);
    };
    window.addEventListener('dragenter', enter);
    window.addEventListener('dragleave', leave);
    window.addEventListener('dragover', over);
    window.addEventListener('drop', drop);
    document.addEventListener('paste', paste);
    return () => {
      window.removeEventListener('dragenter', enter);
      window.removeEventListener('dragleave', leave);
      window.removeEventListener('dragover', over);
      window.removeEventListener('drop', drop);
      document.removeEventListener('paste', paste);
    };
  }, []);

  return (
    <>
      {children}
      {dragging ? (
        <div
          aria-hidden="true"
          className="pointer-events-none fixed inset-0 z-50 flex items-center justify-center bg-primary/15 backdrop-blur-[1px]"
        >
          <div className="flex items-center gap-3 rounded-xl border-2 border-dashed border-primary bg-surface px-8 py-6 text-lg font-semibold shadow-lg">
            <ImageUp className="size-6 text-primary" />
            Drop the image to convert it
          </div>
        </div>
      ) : null}
    </>
  );
}
