import type { Conversion } from '@vectrace/contract';

/**
 * One image of a batch on its way to a conversion: waiting for an upload slot, uploading, handed
 * to the server (from then on the conversion itself says how it is doing), or refused.
 */
export type BatchRow =
  | { key: string; fileName: string; status: 'waiting' }
  | { key: string; fileName: string; status: 'uploading'; percent: number }
  | { key: string; fileName: string; status: 'created'; conversionId: string }
  | { key: string; fileName: string; status: 'failed'; message: string };

export interface BatchState {
  rows: BatchRow[];
  /** Something to know about the whole batch: that only the first images were taken. */
  notice: string | null;
}

export type BatchEvent =
  /** A new batch: the images to upload and those refused at once, with why. */
  | {
      type: 'start';
      files: { key: string; fileName: string }[];
      refused: { key: string; fileName: string; message: string }[];
      notice: string | null;
    }
  | { type: 'upload'; key: string }
  | { type: 'progress'; key: string; percent: number }
  | { type: 'created'; key: string; conversionId: string }
  | { type: 'fail'; key: string; message: string }
  /** Rows whose conversions are no longer listed (deleted, or far down an old history). */
  | { type: 'drop'; conversionIds: string[] }
  | { type: 'clear' };

export const emptyBatch: BatchState = { rows: [], notice: null };

function update(state: BatchState, key: string, change: (row: BatchRow) => BatchRow): BatchState {
  return { ...state, rows: state.rows.map((row) => (row.key === key ? change(row) : row)) };
}

/** The batch's state machine: an event that does not fit a row's state leaves the row as it is. */
export function batchReducer(state: BatchState, event: BatchEvent): BatchState {
  switch (event.type) {
    case 'start':
      return {
        rows: [
          ...event.files.map((file) => ({ ...file, status: 'waiting' as const })),
          ...event.refused.map((file) => ({ ...file, status: 'failed' as const })),
        ],
        notice: event.notice,
      };
    case 'upload':
      return update(state, event.key, (row) =>
        row.status === 'waiting' ? { ...row, status: 'uploading', percent: 0 } : row,
      );
    case 'progress':
      // As for a single upload: forward only, and 100% waits for the server's answer.
      return update(state, event.key, (row) =>
        row.status === 'uploading'
          ? { ...row, percent: Math.max(row.percent, Math.min(99, Math.round(event.percent))) }
          : row,
      );
    case 'created':
      return update(state, event.key, (row) =>
        row.status === 'uploading' || row.status === 'waiting'
          ? { key: row.key, fileName: row.fileName, status: 'created', conversionId: event.conversionId }
          : row,
      );
    case 'fail':
      return update(state, event.key, (row) =>
        row.status === 'uploading' || row.status === 'waiting'
          ? { key: row.key, fileName: row.fileName, status: 'failed', message: event.message }
          : row,
      );
    case 'drop':
      return {
        ...state,
        rows: state.rows.filter(
          (row) => !(row.status === 'created' && event.conversionIds.includes(row.conversionId)),
        ),
      };
    case 'clear':
      return emptyBatch;
  }
}

/** How a row reads in the list, and where it stands. */
export interface RowView {
  words: string;
  tone: 'waiting' | 'working' | 'done' | 'failed';
  /** The upload's percent, while uploading. */
  percent: number | null;
  /** Whether anything more will happen to it. */
  finished: boolean;
}

/** A row as the list shows it, from the row and, once created, its conversion (if listed yet). */
export function rowView(row: BatchRow, conversion: Conversion | undefined): RowView {
  const view = (words: string, tone: RowView['tone'], finished: boolean, percent: number | null = null) => ({
    words,
    tone,
    finished,
    percent,
  });
  switch (row.status) {
    case 'waiting':
      return view('Waiting to upload', 'waiting', false);
    case 'uploading':
      return view(`Uploading ${row.percent}%`, 'working', false, row.percent);
    case 'failed':
      return view(row.message, 'failed', true);
    case 'created':
      break;
  }
  if (!conversion) return view('Starting...', 'working', false);
  if (conversion.expired) return view('Expired: upload the image again to convert it', 'failed', true);
  switch (conversion.status) {
    case 'pending':
      return view(
        conversion.queuePosition ? `Queued #${conversion.queuePosition}` : 'Queued',
        'waiting',
        false,
      );
    case 'processing':
      return view('Converting...', 'working', false);
    case 'completed':
      return view(
        conversion.vectorCount === null
          ? 'Completed'
          : `Completed · ${conversion.vectorCount} ${conversion.vectorCount === 1 ? 'vector' : 'vectors'}`,
        'done',
        true,
      );
    case 'failed':
      return view(conversion.errorMessage ?? 'The conversion failed. Please try again.', 'failed', true);
  }
}

/** The conversions of the batch that are completed and still kept: what "Download all" takes. */
export function completedConversionIds(rows: BatchRow[], conversions: Map<string, Conversion>): string[] {
  return rows.flatMap((row) => {
    if (row.status !== 'created') return [];
    const conversion = conversions.get(row.conversionId);
    return conversion?.status === 'completed' && !conversion.expired ? [row.conversionId] : [];
  });
}

/** Takes at most `max` images: the rest are named in a sentence rather than dropped in silence. */
export function firstFiles<T>(files: T[], max: number): { taken: T[]; notice: string | null } {
  if (files.length <= max) return { taken: files, notice: null };
  return {
    taken: files.slice(0, max),
    notice: `You can convert up to ${max} images at once; the first ${max} were added.`,
  };
}
