import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type Conversion, type ConversionSettings, defaultConversionSettings } from '@vectrace/contract';
import { useEffect, useReducer, useRef, useState } from 'react';
import { useAuth } from '../../hooks/use-auth';
import { usePaymentReturn } from '../../hooks/use-payment-return';
import { toast } from '../../hooks/use-toast';
import { ApiError, apiJson, errorMessage } from '../../lib/api';
import { canDownload, needsPayment } from '../../lib/download-gate';
import { CURRENT_CONVERSION_KEY } from '../../lib/payment-return';
import { uploadFile } from '../../lib/upload';
import { canConvert, idleUpload, uploadReducer } from '../../lib/upload-state';
import { DownloadPanel } from './download-panel';
import { PaymentRequiredCard } from './payment-required-card';
import { PreviewPanel } from './preview-panel';
import { QueueCard } from './queue-card';
import { SettingsPanel } from './settings-panel';
import { UploadZone } from './upload-zone';

const conversionsKey = '/api/conversions';

const isGone = (error: Error | null) =>
  error instanceof ApiError && (error.status === 404 || error.status === 401);

// Every second while it can change (spec section 9); a Pro user's result only changes if the
// subscription ends, so it is read every 30 s; nothing more once failed, expired or paid.
function pollEvery(conversion: Conversion | undefined): number | false {
  if (!conversion) return 1000;
  if (conversion.status === 'failed' || conversion.expired) return false;
  if (conversion.status !== 'completed') return 1000;
  if (conversion.paymentStatus === 'paid') return false;
  return conversion.paymentStatus === 'subscription_active' ? 30_000 : 1000;
}

/** The converter: upload, settings, convert, preview, pay or download, and the queue. */
export function Converter() {
  const queryClient = useQueryClient();
  const { user } = useAuth();
  const paidConversionId = usePaymentReturn();
  const [upload, dispatch] = useReducer(uploadReducer, idleUpload);
  const [rejection, setRejection] = useState<string | null>(null);
  const [settings, setSettings] = useState<ConversionSettings>({ ...defaultConversionSettings });
  // The conversion on screen: the one a payment was for, else the last one started in this tab.
  const [conversionId, setConversionId] = useState<string | null>(
    () => paidConversionId ?? sessionStorage.getItem(CURRENT_CONVERSION_KEY),
  );
  const [localPreview, setLocalPreview] = useState<string | null>(null);
  const resultRef = useRef<HTMLDivElement>(null);

  const { data: conversion, error: conversionError } = useQuery<Conversion>({
    queryKey: [conversionsKey, conversionId],
    enabled: conversionId !== null,
    refetchInterval: (query) => pollEvery(query.state.data),
  });
  const { data: conversions = [] } = useQuery<Conversion[]>({
    queryKey: [conversionsKey],
    enabled: user !== null,
    refetchInterval: 2000,
  });

  // A conversion that is no longer ours (signed out) or gone leaves the screen; a failed poll (a
  // restart, a dropped connection) does not: the next one brings it back.
  useEffect(() => {
    if (isGone(conversionError)) {
      setConversionId(null);
      sessionStorage.removeItem(CURRENT_CONVERSION_KEY);
    }
  }, [conversionError]);

  // A trace that failed says why, once.
  const toldFailure = useRef<string | null>(null);
  useEffect(() => {
    if (conversion?.status === 'failed' && toldFailure.current !== conversion.id) {
      toldFailure.current = conversion.id;
      toast({
        title: 'Conversion failed',
        description: conversion.errorMessage ?? 'Failed to start conversion',
        variant: 'destructive',
      });
    }
  }, [conversion]);

  useEffect(
    () => () => {
      if (localPreview) URL.revokeObjectURL(localPreview);
    },
    [localPreview],
  );

  const startUpload = async (file: File) => {
    setRejection(null);
    dispatch({ type: 'start', fileName: file.name });
    setLocalPreview(URL.createObjectURL(file));
    setConversionId(null);
    try {
      const result = await uploadFile(file, (percent) => dispatch({ type: 'progress', percent }));
      dispatch({ type: 'done', upload: result });
      toast({ title: 'Upload successful', description: `${file.name} has been uploaded successfully.` });
    } catch (error) {
      const message = errorMessage(error, 'Failed to upload file');
      dispatch({ type: 'fail', message });
      toast({ title: 'Upload failed', description: message, variant: 'destructive' });
    }
  };

  const convert = useMutation({
    mutationFn: (input: {
      originalFileName: string;
      originalFileUrl: string;
      settings: ConversionSettings;
    }) => apiJson<Conversion>('POST', conversionsKey, input),
    onSuccess: (created) => {
      queryClient.setQueryData([conversionsKey, created.id], created);
      void queryClient.invalidateQueries({ queryKey: [conversionsKey], exact: true });
      setConversionId(created.id);
      sessionStorage.setItem(CURRENT_CONVERSION_KEY, created.id);
      toast({
        title: 'Conversion started',
        description: `Processing ${created.originalFileName} with your selected settings.`,
      });
      // In one column the preview sits below the settings: bring it into view.
      if (window.matchMedia('(max-width: 1023px)').matches) {
        resultRef.current?.scrollIntoView({ behavior: 'smooth', block: 'start' });
      }
    },
    onError: (error) =>
      toast({
        title: 'Conversion failed',
        description: errorMessage(error, 'Failed to start conversion'),
        variant: 'destructive',
      }),
  });

  const startConversion = () => {
    if (upload.status !== 'success') return;
    convert.mutate({
      originalFileName: upload.upload.fileName,
      originalFileUrl: upload.upload.stableObjectPath,
      settings,
    });
  };

  const shown = conversion && conversion.id === conversionId ? conversion : null;
  const originalUrl = localPreview ?? shown?.originalFileUrl ?? null;

  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,5fr)_minmax(0,7fr)]">
      <div className="flex min-w-0 flex-col gap-6">
        <UploadZone state={upload} rejection={rejection} onFile={startUpload} onReject={setRejection} />
        <SettingsPanel
          settings={settings}
          onChange={setSettings}
          canConvert={canConvert(upload, convert.isPending)}
          converting={convert.isPending}
          onConvert={startConversion}
        />
      </div>
      <div ref={resultRef} className="flex min-w-0 scroll-mt-24 flex-col gap-6">
        <PreviewPanel originalUrl={shown?.expired ? null : originalUrl} conversion={shown} />
        {shown && needsPayment(shown, user) ? <PaymentRequiredCard conversionId={shown.id} /> : null}
        {shown?.status === 'completed' && !shown.expired ? (
          <DownloadPanel conversion={shown} allowed={canDownload(shown, user)} />
        ) : null}
        {user ? <QueueCard conversions={conversions} /> : null}
      </div>
    </div>
  );
}
