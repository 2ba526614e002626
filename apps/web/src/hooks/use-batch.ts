import { useQueryClient } from '@tanstack/react-query';
import { apiPaths, type Conversion, type ConversionSettings, MAX_BATCH_FILES } from '@vectrace/contract';
import { useEffect, useReducer, useRef, useState } from 'react';
import { apiJson, errorMessage } from '../lib/api';
import { readBatch, writeBatch } from '../lib/batch-memory';
import { batchReducer, firstFiles } from '../lib/batch-state';
import { fileProblem } from '../lib/file-check';
import { queryKeys } from '../lib/query-keys';
import { runAtMost } from '../lib/run-at-most';
import { uploadFile } from '../lib/upload';
import { toast } from './use-toast';

/** Uploads under way at once: enough to keep the line busy, few enough not to starve each other. */
const UPLOADS_AT_ONCE = 3;

/** A file the drop zone refused, with its reason. */
export interface RefusedFile {
  file: File;
  message: string;
}

let batchNumber = 0;

/**
 * A Pro user's batch: each image uploaded (three at a time) and converted with the settings of
 * the moment, as the single flow does; the conversions' progress comes from the polled list.
 * Kept in this tab's session storage, so a reload finds the batch again.
 */
export function useBatch(
  userId: string | null,
  conversions: Conversion[] | undefined,
  listFetchedAfterMount: boolean,
) {
  const queryClient = useQueryClient();
  const [batch, dispatch] = useReducer(batchReducer, undefined, readBatch);
  const [uploading, setUploading] = useState(false);
  useEffect(() => writeBatch(batch), [batch]);

  // The batch is its account's: signing out (or in as someone else) leaves it behind.
  const owner = useRef(userId);
  useEffect(() => {
    if (owner.current !== null && owner.current !== userId) dispatch({ type: 'clear' });
    owner.current = userId;
  }, [userId]);

  // A batch brought back by a reload drops the conversions the server no longer lists for us
  // (deleted, or another account's after signing out): checked once, against a fresh list.
  const checkedSaved = useRef(false);
  useEffect(() => {
    if (checkedSaved.current || !listFetchedAfterMount || !conversions) return;
    checkedSaved.current = true;
    const listed = new Set(conversions.map((c) => c.id));
    const missing = batch.rows.flatMap((row) =>
      row.key.startsWith('saved-') && row.status === 'created' && !listed.has(row.conversionId)
        ? [row.conversionId]
        : [],
    );
    if (missing.length > 0) dispatch({ type: 'drop', conversionIds: missing });
  }, [conversions, listFetchedAfterMount, batch.rows]);

  const convertOne = async (key: string, file: File, settings: ConversionSettings) => {
    dispatch({ type: 'upload', key });
    try {
      const problem = await fileProblem(file);
      if (problem) throw new Error(problem);
      const upload = await uploadFile(file, (percent) => dispatch({ type: 'progress', key, percent }));
      const created = await apiJson<Conversion>('POST', apiPaths.conversions, {
        originalFileName: upload.fileName,
        originalFileUrl: upload.stableObjectPath,
        settings,
      });
      dispatch({ type: 'created', key, conversionId: created.id });
      void queryClient.invalidateQueries({ queryKey: queryKeys.conversions, exact: true });
    } catch (error) {
      dispatch({ type: 'fail', key, message: errorMessage(error, 'The upload failed. Please try again.') });
    }
  };

  /** Starts a batch of the chosen images (the first 20), refused ones listed with their reason. */
  const start = async (files: File[], refused: RefusedFile[], settings: ConversionSettings) => {
    const chosen = [
      ...files.map((file) => ({ file, message: null as string | null })),
      ...refused.map(({ file, message }) => ({ file, message: message as string | null })),
    ];
    const { taken, notice } = firstFiles(chosen, MAX_BATCH_FILES);
    batchNumber += 1;
    const rows = taken.map((entry, index) => ({ ...entry, key: `batch-${batchNumber}-${index}` }));
    const toUpload = rows.filter((row) => row.message === null);
    dispatch({
      type: 'start',
      files: toUpload.map((row) => ({ key: row.key, fileName: row.file.name })),
      refused: rows.flatMap((row) =>
        row.message === null ? [] : [{ key: row.key, fileName: row.file.name, message: row.message }],
      ),
      notice,
    });
    if (notice) toast({ title: `Only ${MAX_BATCH_FILES} images at once`, description: notice });
    setUploading(true);
    try {
      await runAtMost(toUpload, UPLOADS_AT_ONCE, (row) => convertOne(row.key, row.file, settings));
    } finally {
      setUploading(false);
    }
  };

  const clear = () => dispatch({ type: 'clear' });

  return { batch, uploading, start, clear };
}
