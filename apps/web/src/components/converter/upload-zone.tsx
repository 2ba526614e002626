import { acceptedImageTypes, ignoredFileNames, MAX_UPLOAD_BYTES } from '@vectrace/contract';
import { fromEvent } from 'file-selector';
import { CheckCircle2, ImageUp, RotateCcw, TriangleAlert } from 'lucide-react';
import { type FileRejection, useDropzone } from 'react-dropzone';
import { cn } from '../../lib/cn';
import type { UploadState } from '../../lib/upload-state';
import { Progress } from '../ui/progress';

// System files a folder drop brings along are dropped before anything counts them (spec section 5).
async function filesWithoutSystemFiles(event: Parameters<typeof fromEvent>[0]) {
  const files = await fromEvent(event);
  return files.filter((file) => !(ignoredFileNames as readonly string[]).includes((file as File).name));
}

/** The drop zone's reason for refusing a file, as react-dropzone words it (spec section 5). */
export function rejectionMessage(rejections: FileRejection[]): string {
  const error = rejections[0]?.errors[0];
  if (!error) return 'This file cannot be uploaded';
  if (error.code === 'file-invalid-type') return 'File type must be PNG, JPG or JPEG';
  return error.message;
}

function formatBytes(bytes: number): string {
  return bytes < 1024 * 1024 ? `${(bytes / 1024).toFixed(1)} KB` : `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

/** Upload panel: selecting or dropping a file starts its upload at once. */
export function UploadZone({
  state,
  rejection,
  onFile,
  onReject,
}: {
  state: UploadState;
  rejection: string | null;
  onFile: (file: File) => void;
  onReject: (message: string) => void;
}) {
  const uploading = state.status === 'uploading';
  const { getRootProps, getInputProps, isDragActive } = useDropzone({
    accept: acceptedImageTypes as unknown as Record<string, string[]>,
    maxFiles: 1,
    multiple: false,
    maxSize: MAX_UPLOAD_BYTES,
    disabled: uploading,
    getFilesFromEvent: filesWithoutSystemFiles,
    onDrop: (accepted, rejected) => {
      if (rejected.length > 0) onReject(rejectionMessage(rejected));
      else if (accepted[0]) onFile(accepted[0]);
    },
  });
  const error = rejection ?? (state.status === 'error' ? state.message : null);

  return (
    <div
      {...getRootProps({
        'aria-label': 'Upload an image: PNG, JPG or JPEG, up to 10MB',
        className: cn(
          'flex min-h-48 cursor-pointer flex-col items-center justify-center gap-3 rounded-xl border-2 border-dashed p-6 text-center transition-colors',
          'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring',
          isDragActive
            ? 'border-primary bg-primary-soft'
            : 'border-border bg-muted/40 hover:border-primary/60 hover:bg-primary-soft/50',
          error && 'border-danger/60 bg-red-50',
          uploading && 'cursor-progress',
        ),
      })}
    >
      <input {...getInputProps({ 'aria-label': 'Choose a PNG or JPEG image to upload' })} />
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
            {formatBytes(state.upload.file.size)} · Click or drop to choose another image
          </p>
        </>
      ) : (
        <>
          <span className="flex size-12 items-center justify-center rounded-full bg-primary-soft">
            <ImageUp aria-hidden="true" className="size-6 text-primary" />
          </span>
          <p className="text-sm font-medium">
            {isDragActive ? 'Drop the image here' : 'Drop an image here, or click to choose one'}
          </p>
          <p className="text-xs text-muted-foreground">PNG, JPG or JPEG · Max file size: 10MB</p>
        </>
      )}
    </div>
  );
}
