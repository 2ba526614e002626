import { useQueryClient } from '@tanstack/react-query';
import {
  apiPaths,
  type Conversion,
  type DownloadFormat,
  downloadFileName,
  formatDetails,
  isPaid,
  offers,
} from '@vectrace/contract';
import { Code2, Download, FileImage } from 'lucide-react';
import { useState } from 'react';
import { useLocation } from 'wouter';
import { toast } from '../../hooks/use-toast';
import { ApiError, apiRequest, errorMessage } from '../../lib/api';
import { cn } from '../../lib/cn';
import { dockedBar } from '../../lib/docked-bar';
import { checkoutPathFor } from '../../lib/download-gate';
import { allFormatLabels, downloadPath } from '../../lib/downloads';
import { checkedSize, naturalSize, type PixelSize } from '../../lib/output-size';
import { type PngBackground, saveBlob, svgToPng } from '../../lib/png-export';
import { queryKeys } from '../../lib/query-keys';
import { Button } from '../ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../ui/card';
import { MoreFormats } from './more-formats';
import { OutputSizeFields } from './output-size-fields';
import { PngExportDialog } from './png-export-dialog';
import { ReceiptLink } from './receipt-link';

async function fetchSvg(id: string): Promise<string> {
  return (await apiRequest('GET', apiPaths.download(id))).text();
}

/**
 * Download SVG, Download PNG and Copy SVG Code, then EPS, PDF and DXF, the vector files at an
 * output size; unpaid, each goes to the checkout instead.
 */
export function DownloadPanel({
  conversion,
  allowed,
  picture,
  docked = false,
}: {
  conversion: Conversion;
  allowed: boolean;
  /** The image's pixel size, for the heights that follow a width; null while unknown. */
  picture: PixelSize | null;
  /** The result-first layout: on a phone the three main buttons ride in a bar along the bottom. */
  docked?: boolean;
}) {
  const [, navigate] = useLocation();
  const queryClient = useQueryClient();
  const [pngOpen, setPngOpen] = useState(false);
  const [converting, setConverting] = useState(false);
  const [size, setSize] = useState(naturalSize);
  const [writing, setWriting] = useState<DownloadFormat | null>(null);

  // The spec's rule (section 4): no download without payment; the server refuses it too.
  const toCheckout = () => navigate(checkoutPathFor(conversion.id));
  const gated = (action: () => void) => () => (allowed ? action() : toCheckout());
  // The server asks for payment (a Pro plan that has just ended): the checkout, as for any unpaid download.
  const paymentNeeded = (error: unknown) => {
    if (!(error instanceof ApiError && error.code === 'payment_required')) return false;
    void queryClient.invalidateQueries({ queryKey: queryKeys.conversions });
    void queryClient.invalidateQueries({ queryKey: queryKeys.user });
    toCheckout();
    return true;
  };

  // A file written by the server at the chosen size, saved under the contract's file name. Fetched
  // rather than followed as a link, so that a 402 can still lead to the checkout.
  const downloadFile = async (format: DownloadFormat) => {
    const label = formatDetails[format].label;
    const checked = checkedSize(size);
    if ('problem' in checked) {
      toast({ title: 'Download Failed', description: checked.problem, variant: 'destructive' });
      return;
    }
    setWriting(format);
    try {
      const response = await apiRequest('GET', downloadPath(conversion.id, format, checked));
      saveBlob(await response.blob(), downloadFileName(format, conversion.originalFileName, checked));
    } catch (error) {
      if (paymentNeeded(error)) return;
      toast({
        title: 'Download Failed',
        description: errorMessage(error, `Failed to download the ${label}.`),
        variant: 'destructive',
      });
    } finally {
      setWriting(null);
    }
  };

  const exportPng = async (width: number, background: PngBackground) => {
    setConverting(true);
    try {
      const drawn = await svgToPng(await fetchSvg(conversion.id), width, background);
      saveBlob(drawn.png, downloadFileName('png', conversion.originalFileName, { width: drawn.width }));
      setPngOpen(false);
      toast({
        title: 'PNG Downloaded',
        description: `Successfully downloaded ${drawn.width}×${drawn.height} PNG file.`,
      });
    } catch (error) {
      if (paymentNeeded(error)) return;
      console.warn('PNG export failed:', error);
      toast({
        title: 'Download Failed',
        description: 'Failed to convert SVG to PNG. Please try again.',
        variant: 'destructive',
      });
    } finally {
      setConverting(false);
    }
  };

  const copySvg = async () => {
    try {
      await navigator.clipboard.writeText(await fetchSvg(conversion.id));
      toast({ title: 'SVG Code Copied', description: 'SVG code has been copied to your clipboard.' });
    } catch (error) {
      if (paymentNeeded(error)) return;
      console.warn('Copy failed:', error);
      toast({
        title: 'Copy Failed',
        description: 'Failed to copy SVG code to clipboard.',
        variant: 'destructive',
      });
    }
  };

  return (
    // Sized by its own width (the side panel's, or a phone's): three buttons a row only where they fit.
    <Card className="@container">
      <CardHeader>
        <CardTitle>Download</CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-5">
        <div
          className={cn(
            'grid grid-cols-2 gap-2 @xl:grid-cols-3',
            docked && [dockedBar, 'max-lg:border-t max-lg:border-border max-lg:bg-surface'],
          )}
        >
          <Button
            className="col-span-2 @xl:col-span-1"
            onClick={gated(() => downloadFile('svg'))}
            disabled={writing === 'svg'}
          >
            <Download aria-hidden="true" />
            Download SVG
          </Button>
          <Button variant="outline" onClick={gated(() => setPngOpen(true))}>
            <FileImage aria-hidden="true" />
            Download PNG
          </Button>
          <Button variant="outline" onClick={gated(copySvg)}>
            <Code2 aria-hidden="true" />
            Copy SVG Code
          </Button>
        </div>
        <MoreFormats busy={writing} onDownload={(format) => gated(() => downloadFile(format))()} />
        <OutputSizeFields size={size} onChange={setSize} picture={picture} />
        {allowed ? (
          <p className="text-xs text-muted-foreground">Included: {allFormatLabels()}.</p>
        ) : !isPaid(conversion.paymentStatus) ? (
          <p className="text-xs text-muted-foreground">
            Downloads unlock after payment: {offers['pay-per-use'].price} for this image or Pro, both with{' '}
            {allFormatLabels()}.
          </p>
        ) : null}
        {conversion.paymentStatus === 'paid' ? <ReceiptLink conversionId={conversion.id} /> : null}
      </CardContent>
      <PngExportDialog
        open={pngOpen}
        onOpenChange={setPngOpen}
        converting={converting}
        onExport={exportPng}
        picture={picture}
      />
    </Card>
  );
}
