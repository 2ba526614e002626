import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type Conversion,
  type ConversionSettings,
  defaultConversionSettings,
  ignoredFileNames,
} from '@vectrace/contract';
import { useEffect, useMemo, useReducer, useRef } from 'react';
import { useSearch } from 'wouter';
import { errorMessage } from '../lib/api';
import { conversionInAddress, forgetMemory, readMemory } from '../lib/converter-memory';
import {
  converterReducer,
  initialConverter,
  isActive,
  isGone,
  lostMessage,
  pollEvery,
  retraceSource,
  shownConversions,
} from '../lib/converter-state';
import { browsersShow, fileProblem } from '../lib/file-check';
import { CURRENT_CONVERSION_KEY } from '../lib/payment-return';
import { pinnedSettings, pinSettings, startingSettings } from '../lib/pinned-settings';
import { queryKeys } from '../lib/query-keys';
import { uploadFile } from '../lib/upload';
import { useAuth } from './use-auth';
import { type RefusedFile, useBatch } from './use-batch';
import { useConversionStream } from './use-conversion-stream';
import { useConverterPlace } from './use-converter-place';
import { useImageSize } from './use-image-size';
import { usePaymentReturn } from './use-payment-return';
import { useStartConversion } from './use-start-conversion';
import { dismiss, toast } from './use-toast';

/** How long settings stay still before the image is traced again with them. */
const RETRACE_AFTER_MS = 350;

/** What the converter shows and what a person can do with it. */
export type ConverterWork = ReturnType<typeof useConverter>;

/**
 * The converter's work: upload, settings (a change re-traces the same image), the conversion on
 * screen and the one before it, a Pro user's batch. Its place survives reloads, new tabs and
 * payment returns: the conversion on screen is named in the address and kept in local storage,
 * and its upload and settings come back from the server.
 */
export function useConverter(onActiveChange?: (active: boolean) => void) {
  const queryClient = useQueryClient();
  const { user } = useAuth();
  const paidConversionId = usePaymentReturn();
  const search = useSearch();
  const [state, dispatch] = useReducer(converterReducer, undefined, () =>
    initialConverter(
      paidConversionId ?? conversionInAddress(search),
      readMemory(),
      startingSettings(),
      pinnedSettings() !== null,
    ),
  );
  const { memory, source, settings, pinned } = state;
  // The settings of the moment, read when an upload ends (a new image's, or what was changed meanwhile).
  const settingsNow = useRef(settings);
  settingsNow.current = settings;
  const retraceTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const resultRef = useRef<HTMLElement>(null);
  const convertRef = useRef<HTMLButtonElement>(null);

  const currentKey = queryKeys.conversion(memory.current);
  const streaming = useConversionStream(memory.current, currentKey);
  const { data: current, error: currentError } = useQuery<Conversion>({
    queryKey: currentKey,
    enabled: memory.current !== null,
    refetchInterval: (query) => (streaming ? false : pollEvery(query.state.data)),
  });
  const { data: previous } = useQuery<Conversion>({
    queryKey: queryKeys.conversion(memory.previous),
    enabled: memory.previous !== null,
  });
  const { data: conversions = [], isFetchedAfterMount: listFresh } = useQuery<Conversion[]>({
    queryKey: queryKeys.conversions,
    enabled: user !== null,
    refetchInterval: 2000,
  });
  const conversionsById = useMemo(() => new Map(conversions.map((c) => [c.id, c])), [conversions]);
  const batch = useBatch(user?.id ?? null, conversions, listFresh);
  const isPro = user?.planType === 'pro';

  /** Puts a conversion on screen, with its own image and settings (from the history or a batch). */
  const openConversion = (id: string) => {
    clearTimeout(retraceTimer.current);
    dispatch({ type: 'open', id });
  };

  useConverterPlace(search, memory, openConversion);

  // A conversion brought back brings its image and settings with it, so it can be re-tuned.
  useEffect(() => {
    if (current && !source) dispatch({ type: 'restore', conversion: current });
  }, [current, source]);

  // A conversion that is no longer ours (signed out) or gone leaves the screen; a failed poll (a
  // restart, a dropped connection) does not: the next one brings it back.
  useEffect(() => {
    if (!isGone(currentError)) return;
    dispatch({ type: 'lose', message: lostMessage(currentError) });
    forgetMemory();
    sessionStorage.removeItem(CURRENT_CONVERSION_KEY);
  }, [currentError]);

  // A trace that failed says why, once.
  const toldFailure = useRef<string | null>(null);
  useEffect(() => {
    if (current?.status === 'failed' && toldFailure.current !== current.id) {
      toldFailure.current = current.id;
      toast({
        title: 'Conversion failed',
        description: current.errorMessage ?? 'The conversion failed. Please try again.',
        variant: 'destructive',
      });
    }
  }, [current]);

  useEffect(
    () => () => {
      if (state.localPreview) URL.revokeObjectURL(state.localPreview);
    },
    [state.localPreview],
  );
  useEffect(() => () => clearTimeout(retraceTimer.current), []);
  // "Conversion started" says what is under way: it closes when the result shows (or fails).
  const startedToast = useRef<{ toastId: string; conversionId: string } | null>(null);
  const convert = useStartConversion(
    resultRef,
    (id) => {
      dispatch({ type: 'converted', id });
      sessionStorage.setItem(CURRENT_CONVERSION_KEY, id);
    },
    (toastId, conversionId) => {
      startedToast.current = { toastId, conversionId };
    },
  );
  useEffect(() => {
    const started = startedToast.current;
    if (!started || !current || current.id !== started.conversionId) return;
    if (current.status !== 'completed' && current.status !== 'failed' && !current.expired) return;
    startedToast.current = null;
    if (current.status !== 'failed') dismiss(started.toastId);
  }, [current]);

  const startUpload = async (file: File) => {
    dispatch({ type: 'reject', message: null });
    const problem = await fileProblem(file);
    if (problem) {
      dispatch({ type: 'reject', message: problem });
      return;
    }
    dispatch({
      type: 'upload',
      fileName: file.name,
      localPreview: (await browsersShow(file)) ? URL.createObjectURL(file) : null,
      pinned: pinnedSettings(),
    });
    try {
      const result = await uploadFile(file, (percent) => dispatch({ type: 'uploadProgress', percent }));
      dispatch({ type: 'uploaded', upload: result });
      // Traced at once, with the settings of the moment: "Conversion started" tells of both.
      clearTimeout(retraceTimer.current);
      convert.mutate({
        source: { fileName: result.fileName, originalFileUrl: result.stableObjectPath },
        settings: settingsNow.current,
        retrace: false,
      });
    } catch (error) {
      const message = errorMessage(error, 'The upload failed. Please try again.');
      dispatch({ type: 'uploadFailed', message });
      toast({ title: 'Upload failed', description: message, variant: 'destructive' });
    }
  };

  // A Pro user's several images become a batch, each converted with the settings of the moment.
  const startBatch = (files: File[], refused: RefusedFile[]) => {
    dispatch({ type: 'reject', message: null });
    void batch.start(files, refused, settings);
  };

  // Dropped on the page: several images are a batch for Pro; otherwise the first, as ever.
  const takeFiles = (files: File[]) => {
    const images = files.filter((file) => !(ignoredFileNames as readonly string[]).includes(file.name));
    if (isPro && images.length > 1) startBatch(images, []);
    else if (files[0]) void startUpload(files[0]);
  };

  // A batch's row opens in the preview, as fresh as the list that showed it.
  const openFromBatch = (id: string) => {
    const listed = conversionsById.get(id);
    if (listed) queryClient.setQueryData(queryKeys.conversion(id), listed);
    openConversion(id);
  };

  /** New settings (kept as the pin too, while it is on, when `pin`); a pending re-trace is dropped. */
  const takeSettings = (next: ConversionSettings, { pin }: { pin: boolean }) => {
    dispatch({ type: 'settings', settings: next });
    if (pin && pinned) pinSettings(next);
    clearTimeout(retraceTimer.current);
  };

  // Once an image has a result, a new setting traces it again by itself, after a short pause.
  const changeSettings = (next: ConversionSettings) => {
    takeSettings(next, { pin: true });
    const from = retraceSource(state);
    if (!from) return;
    retraceTimer.current = setTimeout(
      () => convert.mutate({ source: from, settings: next, retrace: true }),
      RETRACE_AFTER_MS,
    );
  };

  // "Try it as" under the result: the same image at once in another mode, the settings following.
  const readAs = (mode: ConversionSettings['mode']) => {
    const next = { ...settings, mode };
    takeSettings(next, { pin: false });
    if (source) convert.mutate({ source, settings: next, retrace: true });
  };

  // "Reset" on the result: the defaults (Auto), traced again at once.
  const resetSettings = () => {
    const next = { ...defaultConversionSettings };
    takeSettings(next, { pin: true });
    const from = retraceSource(state);
    if (from) convert.mutate({ source: from, settings: next, retrace: true });
  };

  const pin = (on: boolean) => {
    dispatch({ type: 'pin', on });
    pinSettings(on ? settings : null);
  };

  const startConversion = () => {
    clearTimeout(retraceTimer.current);
    if (source) convert.mutate({ source, settings, retrace: false });
  };

  // The result on screen deleted by its owner: the converter starts again, saying so.
  const forgetDeleted = (conversion: Conversion) => {
    if (conversion.id !== memory.current) return;
    clearTimeout(retraceTimer.current);
    dispatch({
      type: 'deleted',
      message: `The result of ${conversion.originalFileName} is deleted, with its files. Drop an image to convert another.`,
    });
    forgetMemory();
    sessionStorage.removeItem(CURRENT_CONVERSION_KEY);
  };

  const { latest, shown } = shownConversions(state, current, previous);
  // A TIFF has no local preview (browsers do not show it): the server's copy, once uploaded.
  const uploaded = state.upload.status === 'success' ? state.upload.upload.stableObjectPath : null;
  const originalUrl = state.localPreview ?? shown?.originalFileUrl ?? uploaded;
  const picture = useImageSize(shown?.expired ? null : originalUrl);
  const batchShown = user !== null && batch.batch.rows.length > 0;
  const active = isActive(state, batchShown);
  const tell = useRef(onActiveChange);
  tell.current = onActiveChange;
  useEffect(() => tell.current?.(active), [active]);

  return {
    state,
    user,
    isPro,
    conversions,
    conversionsById,
    batch,
    batchShown,
    active,
    latest,
    shown,
    previous,
    originalUrl,
    picture,
    /** The conversion on screen could not be fetched, for a reason that may pass (offline, a restart). */
    unreachable: currentError !== null && !isGone(currentError),
    converting: convert.isPending,
    resultRef,
    convertRef,
    startUpload,
    startBatch,
    takeFiles,
    openFromBatch,
    changeSettings,
    readAs,
    resetSettings,
    pin,
    startConversion,
    forgetDeleted,
    reject: (message: string | null) => dispatch({ type: 'reject', message }),
    dismissLost: () => dispatch({ type: 'dismissLost' }),
    choosePrevious: (on: boolean) => dispatch({ type: 'showPrevious', on }),
    retry: () => void queryClient.refetchQueries({ queryKey: currentKey }),
  };
}
