import { type BatchRow, type BatchState, emptyBatch } from './batch-state';

/**
 * The batch, kept for this tab across reloads: each image's name and its conversion's id (the
 * server holds the rest). An upload cut short by the reload cannot go on, so it comes back as
 * failed, saying so, rather than vanishing.
 */
const KEY = 'vectrace.batch';

type SavedRow = { fileName: string; conversionId: string } | { fileName: string; message: string };

export const interruptedMessage = 'The upload stopped when the page was left. Please choose the image again.';

export function readBatch(): BatchState {
  try {
    const saved = JSON.parse(sessionStorage.getItem(KEY) ?? '[]') as SavedRow[];
    if (!Array.isArray(saved)) return emptyBatch;
    return {
      notice: null,
      rows: saved.map((row, index): BatchRow => {
        const key = `saved-${index}`;
        return 'conversionId' in row
          ? { key, fileName: row.fileName, status: 'created', conversionId: row.conversionId }
          : { key, fileName: row.fileName, status: 'failed', message: row.message };
      }),
    };
  } catch {
    return emptyBatch;
  }
}

export function writeBatch(state: BatchState): void {
  if (state.rows.length === 0) {
    sessionStorage.removeItem(KEY);
    return;
  }
  const saved: SavedRow[] = state.rows.map((row) => {
    if (row.status === 'created') return { fileName: row.fileName, conversionId: row.conversionId };
    if (row.status === 'failed') return { fileName: row.fileName, message: row.message };
    return { fileName: row.fileName, message: interruptedMessage };
  });
  sessionStorage.setItem(KEY, JSON.stringify(saved));
}
