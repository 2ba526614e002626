import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  apiPaths,
  type Conversion,
  type ConversionSettings,
  defaultConversionSettings,
  ignoredFileNames,
} from '@vectrace/contract';
import { useEffect, useMemo, useReducer, useRef, useState } from 'react';
import { useSearch } from 'wouter';
import { useAuth } from '../../hooks/use-auth';
import { type RefusedFile, useBatch } from '../../hooks/use-batch';
import { useConversionStream } from '../../hooks/use-conversion-stream';
import { useImageSize } from '../../hooks/use-image-size';
import { usePaymentReturn } from '../../hooks/use-payment-return';
import { toast } from '../../hooks/use-toast';
import { ApiError, apiJson, errorMessage } from '../../lib/api';
import { cn } from '../../lib/cn';
import {
  addressWith,
  type ConverterMemory,
  conversionInAddress,
  forgetMemory,
  readMemory,
  writeMemory,
} from '../../lib/converter-memory';
import { canDownload, needsPayment } from '../../lib/download-gate';
import { fileProblem } from '../../lib/file-check';
import { CURRENT_CONVERSION_KEY } from '../../lib/payment-return';
import { pinnedSettings, pinSettings, startingSettings } from '../../lib/pinned-settings';
import { queryKeys } from '../../lib/query-keys';
import { uploadFile } from '../../lib/upload';
import { idleUpload, uploadReducer } from '../../lib/upload-state';
import { BatchCard } from './batch-card';
import { ConnectionNotice } from './connection-notice';
import { DownloadPanel } from './download-panel';
import { LostNotice, lostMessage } from './lost-notice';
import { PageDrop } from './page-drop';
import { PaymentRequiredCard } from './payment-required-card';
import { PreviewPanel } from './preview-panel';
import { QueueCard } from './queue-card';
import { ResultChoice } from './result-choice';
import { ResultSummary } from './result-summary';
import { SettingsPanel } from './settings-panel';
import { UploadZone } from './upload-zone';

/** How long settings stay still before the image is traced again with them. */
const RETRACE_AFTER_MS = 350;

/** The image being converted: a fresh upload, or the upload of a conversion brought back. */
interface Source {
  fileName: string;
  originalFileUrl: string;
}

const isGone = (error: Error | null) =>
  error instanceof ApiError && (error.status === 404 || error.status === 401);

// Without the pushed stream: every second while it can change (spec section 9); a Pro user's
// result only changes if the subscription ends; nothing more once failed, expired or paid.
function pollEvery(conversion: Conversion | undefined): number | false {
  if (!conversion) return 1000;
  if (conversion.status === 'failed' || conversion.expired) return false;
  if (conversion.status !== 'completed') return 1000;
  if (conversion.paymentStatus === 'paid') return false;
  return conversion.paymentStatus === 'subscription_active' ? 30_000 : 1000;
}

/** Which conversion to show first: the address's (a payment return, the history), else the last one. */
function initialMemory(named: string | null): ConverterMemory {
  const kept = readMemory();
  return named && named !== kept.current ? { current: named, previous: null } : kept;
}

/**
 * The converter: upload, settings (a change re-traces the same image), preview, pay or download.
 * Its place survives reloads, new tabs and payment returns: the conversion on screen is named in
 * the address and kept in local storage, and its upload and settings come back from the server.
 */
export function Converter({ onActiveChange }: { onActiveChange?: (active: boolean) => void } = {}) {
  const queryClient = useQueryClient();
  const { user } = useAuth();
  const paidConversionId = usePaymentReturn();
  const search = useSearch();
  const [upload, dispatch] = useReducer(uploadReducer, idleUpload);
  const [rejection, setRejection] = useState<string | null>(null);
  const [settings, setSettings] = useState<ConversionSettings>(startingSettings);
  const [pinned, setPinned] = useState(() => pinnedSettings() !== null);
  const [lost, setLost] = useState<string | null>(null);
  const [memory, setMemory] = useState(() => initialMemory(paidConversionId ?? conversionInAddress(search)));
  const [source, setSource] = useState<Source | null>(null);
  const [showPrevious, setShowPrevious] = useState(false);
  const [localPreview, setLocalPreview] = useState<string | null>(null);
  const restoredFrom = useRef<string | null>(null);
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
    setMemory({ current: id, previous: null });
    setShowPrevious(false);
    setSource(null);
    setLocalPreview(null);
    dispatch({ type: 'reset' });
  };

  // The history opens a conversion by its address while the converter is on screen; the
  // addresses the converter writes itself are not such a request.
  const written = useRef(conversionInAddress(search));
  // biome-ignore lint/correctness/useExhaustiveDependencies: openConversion only sets state; the address drives this
  useEffect(() => {
    const named = conversionInAddress(search);
    if (!named || named === written.current) return;
    written.current = named;
    openConversion(named);
  }, [search]);

  // Kept where a new tab, a reload or Back finds it.
  useEffect(() => {
    writeMemory(memory);
    written.current = memory.current;
    const address = addressWith(window.location.href, memory.current);
    if (address !== `${window.location.pathname}${window.location.search}${window.location.hash}`) {
      window.history.replaceState(window.history.state, '', address);
    }
  }, [memory]);

  // A conversion brought back brings its image and settings with it, so it can be re-tuned.
  useEffect(() => {
    if (!current || source || restoredFrom.current === current.id) return;
    restoredFrom.current = current.id;
    setSettings({ ...defaultConversionSettings, ...current.settings });
    if (!current.expired)
      setSource({ fileName: current.originalFileName, originalFileUrl: current.originalFileUrl });
  }, [current, source]);

  // A conversion that is no longer ours (signed out) or gone leaves the screen; a failed poll (a
  // restart, a dropped connection) does not: the next one brings it back.
  useEffect(() => {
    if (!isGone(currentError)) return;
    setLost(lostMessage(currentError));
    setMemory({ current: null, previous: null });
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
      if (localPreview) URL.revokeObjectURL(localPreview);
    },
    [localPreview],
  );
  useEffect(() => () => clearTimeout(retraceTimer.current), []);
  // Uploaded: the next step is Convert, so focus goes there (once it is enabled).
  useEffect(() => {
    if (upload.status === 'success') convertRef.current?.focus();
  }, [upload.status]);

  const convert = useMutation({
    mutationFn: (input: { source: Source; settings: ConversionSettings; retrace: boolean }) =>
      apiJson<Conversion>('POST', apiPaths.conversions, {
        originalFileName: input.source.fileName,
        originalFileUrl: input.source.originalFileUrl,
        settings: input.settings,
      }),
    onSuccess: (created, input) => {
      queryClient.setQueryData(queryKeys.conversion(created.id), created);
      void queryClient.invalidateQueries({ queryKey: queryKeys.conversions, exact: true });
      restoredFrom.current = created.id;
      setMemory((m) => ({ current: created.id, previous: m.current ?? m.previous }));
      setShowPrevious(false);
      sessionStorage.setItem(CURRENT_CONVERSION_KEY, created.id);
      if (input.retrace) return;
      toast({
        title: 'Conversion started',
        description: `Processing ${created.originalFileName} with your selected settings.`,
      });
      // Focus follows the work: to the result, brought into view in one column.
      resultRef.current?.focus({ preventScroll: true });
      if (window.matchMedia('(max-width: 1023px)').matches) {
        resultRef.current?.scrollIntoView({ behavior: 'smooth', block: 'start' });
      }
    },
    onError: (error) =>
      toast({
        title: 'Conversion failed',
        description: errorMessage(error, 'The conversion could not be started. Please try again.'),
        variant: 'destructive',
      }),
  });

  const startUpload = async (file: File) => {
    setRejection(null);
    const problem = await fileProblem(file);
    if (problem) {
      setRejection(problem);
      return;
    }
    setLost(null);
    // Another image starts from the defaults (or the pinned settings), not from the last one's.
    if (source || memory.current) setSettings(startingSettings());
    dispatch({ type: 'start', fileName: file.name });
    setLocalPreview(URL.createObjectURL(file));
    setSource(null);
    setMemory({ current: null, previous: null });
    try {
      const result = await uploadFile(file, (percent) => dispatch({ type: 'progress', percent }));
      dispatch({ type: 'done', upload: result });
      restoredFrom.current = null;
      setSource({ fileName: result.fileName, originalFileUrl: result.stableObjectPath });
      toast({ title: 'Upload successful', description: `${file.name} has been uploaded successfully.` });
    } catch (error) {
      const message = errorMessage(error, 'The upload failed. Please try again.');
      dispatch({ type: 'fail', message });
      toast({ title: 'Upload failed', description: message, variant: 'destructive' });
    }
  };

  // A Pro user's several images become a batch, each converted with the settings of the moment.
  const startBatch = (files: File[], refused: RefusedFile[]) => {
    setRejection(null);
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

  // Once an image has a result, a new setting traces it again by itself, after a short pause.
  const changeSettings = (next: ConversionSettings) => {
    setSettings(next);
    if (pinned) pinSettings(next);
    clearTimeout(retraceTimer.current);
    if (!source || !memory.current) return;
    const from = source;
    retraceTimer.current = setTimeout(
      () => convert.mutate({ source: from, settings: next, retrace: true }),
      RETRACE_AFTER_MS,
    );
  };

  // "Try it as" under the result: the same image at once in another mode, the settings following.
  const readAs = (mode: ConversionSettings['mode']) => {
    const next = { ...settings, mode };
    setSettings(next);
    clearTimeout(retraceTimer.current);
    if (source) convert.mutate({ source, settings: next, retrace: true });
  };

  // "Reset" on the result: the defaults (Auto), traced again at once.
  const resetSettings = () => {
    const next = { ...defaultConversionSettings };
    setSettings(next);
    if (pinned) pinSettings(next);
    clearTimeout(retraceTimer.current);
    if (source && memory.current) convert.mutate({ source, settings: next, retrace: true });
  };

  const pin = (on: boolean) => {
    setPinned(on);
    pinSettings(on ? settings : null);
  };

  const startConversion = () => {
    clearTimeout(retraceTimer.current);
    if (source) convert.mutate({ source, settings, retrace: false });
  };

  const latest = current && current.id === memory.current ? current : null;
  const shown = showPrevious && previous ? previous : latest;
  const originalUrl = localPreview ?? shown?.originalFileUrl ?? null;
  const picture = useImageSize(shown?.expired ? null : originalUrl);
  const uploading = upload.status === 'uploading';
  const batchShown = user !== null && batch.batch.rows.length > 0;
  // An image on screen (or on its way) makes the result the page; before that, the upload.
  const active = uploading || source !== null || memory.current !== null || batchShown;
  const tell = useRef(onActiveChange);
  tell.current = onActiveChange;
  useEffect(() => tell.current?.(active), [active]);

  const uploadZone = (
    <UploadZone
      state={upload}
      kept={upload.status === 'idle' ? source : null}
      rejection={rejection}
      batch={isPro}
      busy={batch.uploading}
      compact={active}
      onFile={startUpload}
      onFiles={startBatch}
      onReject={setRejection}
    />
  );
  const settingsPanel = (
    <SettingsPanel
      settings={settings}
      onChange={changeSettings}
      canConvert={source !== null && !uploading && !convert.isPending}
      converting={convert.isPending}
      onConvert={startConversion}
      convertRef={convertRef}
      pinned={pinned}
      onPin={active ? pin : undefined}
    />
  );
  const preview = (
    <PreviewPanel originalUrl={shown?.expired ? null : originalUrl} conversion={shown} fill={active} />
  );

  if (!active) {
    return (
      <PageDrop disabled={false} onFiles={takeFiles}>
        <div className="grid gap-6 lg:grid-cols-[minmax(0,5fr)_minmax(0,7fr)]">
          <div className="flex min-w-0 flex-col gap-6">
            {lost ? <LostNotice message={lost} onDismiss={() => setLost(null)} /> : null}
            {uploadZone}
            {settingsPanel}
          </div>
          <section aria-label="Result" className="flex min-w-0 flex-col gap-6">
            {preview}
            {user ? <QueueCard conversions={conversions} /> : null}
          </section>
        </div>
      </PageDrop>
    );
  }

  // The result-first layout: the viewer takes most of the screen, the side panel holds the
  // actions (kept in view: at its top on a desktop, in a bar along the bottom of a phone), the
  // result's card, the settings and the next image.
  const payment =
    shown && needsPayment(shown, user) ? <PaymentRequiredCard conversionId={shown.id} docked /> : null;
  // Unpaid, its buttons lead to the checkout; paid, they are the actions kept in view.
  const downloads =
    shown?.status === 'completed' && !shown.expired ? (
      <DownloadPanel
        conversion={shown}
        allowed={canDownload(shown, user)}
        picture={picture}
        docked={payment === null}
      />
    ) : null;
  const actions = payment ?? downloads;
  return (
    <PageDrop disabled={uploading || batch.uploading} onFiles={takeFiles}>
      <div
        className={cn(
          'grid gap-4 lg:grid-cols-[minmax(0,1fr)_22rem] 2xl:grid-cols-[minmax(0,1fr)_26rem]',
          actions && 'max-lg:pb-32',
        )}
      >
        <section
          ref={resultRef}
          tabIndex={-1}
          aria-label="Result"
          className="flex h-[62dvh] min-h-80 min-w-0 scroll-mt-20 flex-col outline-none lg:h-[calc(100dvh-6rem)]"
        >
          {preview}
        </section>
        <aside
          aria-label="Download, result and settings"
          className="flex min-w-0 flex-col gap-4 lg:h-[calc(100dvh-6rem)] lg:overflow-y-auto lg:overscroll-contain"
        >
          {actions ? <div className="flex flex-col lg:sticky lg:top-0 lg:z-10">{actions}</div> : null}
          <ConnectionNotice
            unreachable={currentError !== null && !isGone(currentError)}
            onRetry={() => void queryClient.refetchQueries({ queryKey: currentKey })}
          />
          {previous && latest ? (
            <ResultChoice showPrevious={showPrevious && !!previous} onChange={setShowPrevious} />
          ) : null}
          {shown ? (
            <ResultSummary
              conversion={shown}
              onReset={source && shown === latest ? resetSettings : undefined}
              onReadAs={source && shown === latest && !shown.expired ? readAs : undefined}
            />
          ) : null}
          {payment ? downloads : null}
          {batchShown ? (
            <BatchCard
              batch={batch.batch}
              conversions={conversionsById}
              uploading={batch.uploading}
              openId={shown?.id ?? null}
              onOpen={openFromBatch}
              onClear={batch.clear}
            />
          ) : null}
          {settingsPanel}
          {uploadZone}
          {user ? <QueueCard conversions={conversions} /> : null}
        </aside>
      </div>
    </PageDrop>
  );
}
