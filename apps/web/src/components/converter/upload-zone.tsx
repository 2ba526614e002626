import {
  acceptedImageTypes,
  acceptedImageWords,
  ignoredFileNames,
  MAX_BATCH_FILES,
  MAX_UPLOAD_BYTES,
  maxUploadWords,
} from '@vectrace/contract';
import { fromEvent } from 'file-selector';
import { CheckCircle2, ImageUp, RotateCcw, TriangleAlert } from 'lucide-react';
import { useDropzone } from 'react-dropzone';
import type { RefusedFile } from '../../hooks/use-batch';
import { cn } from '../../lib/cn';
import { rejectionMessage } from '../../lib/file-check';
import { formatSize } from '../../lib/file-size';
import type { UploadState } from '../../lib/upload-state';
import { Progress } from '../ui/progress';

// System files a folder drop brings along are dropped before anything counts them (spec section 5).
async function filesWithoutSystemFiles(event: Parameters<typeof fromEvent>[0]) {
  const files = await fromEvent(event);
  return files.filter((file) => !(ignoredFileNames as readonly string[]).includes((file as File).name));
}

const samples = [
  { name: 'Logo', file: 'logo.png', type: 'image/png' },
  { name: 'Illustration', file: 'illustration.png', type: 'image/png' },
  { name: 'Sketch', file: 'sketch.jpg', type: 'image/jpeg' },
];

/** Three images to try the converter with, uploaded as if chosen. */
function Samples({ onFile }: { onFile: (file: File) => void }) {
  const pick = async (sample: (typeof samples)[number]) => {
    const response = await fetch(`/samples/${sample.file}`);
    onFile(new File([await response.blob()], `sample-${sample.file}`, { type: sample.type }));
  };
  return (
    <p className="flex flex-wrap items-center justify-center gap-x-2 gap-y-1 text-xs text-muted-foreground">
      No image at hand? Try a sample:
      {samples.map((sample) => (
        <button
          key={sample.file}
          type="button"
          aria-label={`Try the ${sample.name.toLowerCase()} sample`}
          className="cursor-pointer rounded font-medium text-primary underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-ring"
          onClick={(event) => {
            event.stopPropagation();
            void pick(sample);
          }}
        >
          {sample.name}
        </button>
      ))}
    </p>
  );
}

/**
 * Upload panel: selecting, dropping or pasting a file starts its upload at once. With `batch` (Pro)
 * it takes many images at once: one goes the single way, several become a batch, the refused
 * ones listed with their reason; the cut at 20 is the batch's to make and to say.
 */
export function UploadZone({
  state,
  kept,
  rejection,
  batch,
  busy,
  compact = false,
  onFile,
  onFiles,
  onReject,
}: {
  state: UploadState;
  /** The image of a conversion brought back (no upload in this tab). */
  kept: { fileName: string } | null;
  rejection: string | null;
  /** Whether several images may be chosen at once. */
  batch: boolean;
  /** A batch's uploads are under way: the zone waits for them. */
  busy: boolean;
  /** Beside a result: a smaller zone for the next image. */
  compact?: boolean;
  onFile: (file: File) => void;
  onFiles: (files: File[], refused: RefusedFile[]) => void;
  onReject: (message: string) => void;
}) {
  const uploading = state.status === 'uploading';
  const { getRootProps, getInputProps, isDragActive } = useDropzone({
    accept: acceptedImageTypes as unknown as Record<string, string[]>,
    maxFiles: batch ? 0 : 1,
    multiple: batch,
    maxSize: MAX_UPLOAD_BYTES,
    disabled: uploading || busy,
    // Drops beside the zone are the page's to take (page-drop.tsx), not to be cancelled here.
    preventDropOnDocument: false,
    getFilesFromEvent: filesWithoutSystemFiles,
    onDrop: (accepted, rejected) => {
      if (batch && accepted.length + rejected.length > 1) {
        onFiles(
          accepted,
          rejected.map((rejection) => ({ file: rejection.file, message: rejectionMessage([rejection]) })),
        );
      } else if (rejected.length > 0) onReject(rejectionMessage(rejected));
      else if (accepted[0]) onFile(accepted[0]);
    },
  });
  const error = rejection ?? (state.status === 'error' ? state.message : null);

  return (
    <div
      {...getRootProps({
        'aria-label': batch
          ? `Upload images: ${acceptedImageWords}, up to ${maxUploadWords} each, ${MAX_BATCH_FILES} at once`
          : `Upload an image: ${acceptedImageWords}, up to ${maxUploadWords}`,
        className: cn(
          'flex cursor-pointer flex-col items-center justify-center rounded-xl border-2 border-dashed text-center transition-colors',
          compact ? 'min-h-24 gap-2 p-4' : 'min-h-40 gap-3 p-6',
          'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring',
          isDragActive
            ? 'border-primary bg-primary-soft'
            : 'border-border bg-muted/40 hover:border-primary/60 hover:bg-primary-soft/50',
          error && 'border-danger/60 bg-red-50',
          (uploading || busy) && 'cursor-progress',
        ),
      })}
    >
      <input
        {...getInputProps({
          'aria-label': batch
            ? `Choose images to upload (${acceptedImageWords}), up to ${MAX_BATCH_FILES} at once`
            : `Choose an image to upload (${acceptedImageWords})`,
        })}
      />
      {uploading ? (
        <div className="flex w-full max-w-xs flex-col items-center gap-3">
          <ImageUp aria-hidden="true" className="size-8 text-primary" />
          <p className="w-full truncate text-sm font-medium">Uploading {state.fileName}...</p>
          <Progress value={state.percent} label="Upload progress" />
          <p className="text-xs text-muted-foreground">{state.percent}%</p>
        </div>
      ) : error ? (
        <>
          <TriangleAlert aria-hidden="true" className="size-8 text-danger" />
          <p role="alert" className="text-sm font-medium text-danger">
            {error}
          </p>
          <p className="flex items-center gap-1.5 text-sm text-muted-foreground">
            <RotateCcw aria-hidden="true" className="size-4" /> Click to try again, or drop another image
          </p>
        </>
      ) : state.status === 'success' ? (
        <>
          <CheckCircle2 aria-hidden="true" className="size-8 text-success" />
          <p className="max-w-full truncate text-sm font-medium">{state.upload.fileName}</p>
          <p className="text-xs text-muted-foreground">
            {formatSize(state.upload.file.size)} · Click, drop or paste to choose another image
            {batch ? `, or up to ${MAX_BATCH_FILES} at once` : ''}
          </p>
        </>
      ) : kept ? (
        <>
          <CheckCircle2 aria-hidden="true" className="size-8 text-success" />
          <p className="max-w-full truncate text-sm font-medium">{kept.fileName}</p>
          <p className="text-xs text-muted-foreground">
            Click, drop or paste to choose another image{batch ? `, or up to ${MAX_BATCH_FILES} at once` : ''}
          </p>
        </>
      ) : (
        <>
          <span className="flex size-12 items-center justify-center rounded-full bg-primary-soft">
            <ImageUp aria-hidden="true" className="size-6 text-primary" />
          </span>
          <p className="text-sm font-medium">
            {batch
              ? isDragActive
                ? 'Drop the images here'
                : `Drop or paste images here, or click to choose up to ${MAX_BATCH_FILES}`
              : isDragActive
                ? 'Drop the image here'
                : 'Drop or paste an image here, or click to choose one'}
          </p>
          <p className="text-xs text-muted-foreground">
            {acceptedImageWords} · Max file size: {maxUploadWords}
            {batch ? ' each' : ''}
          </p>
          <Samples onFile={onFile} />
        </>
      )}
    </div>
  );
}
