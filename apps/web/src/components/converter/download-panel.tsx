import { useQueryClient } from '@tanstack/react-query';
import { type Conversion, isPaid } from '@vectrace/contract';
import { Code2, Download, FileImage } from 'lucide-react';
import { useState } from 'react';
import { useLocation } from 'wouter';
import { toast } from '../../hooks/use-toast';
import { ApiError, apiRequest, errorMessage } from '../../lib/api';
import { checkoutPathFor } from '../../lib/download-gate';
import { type PngBackground, saveBlob, svgToPng } from '../../lib/png-export';
import { Button } from '../ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../ui/card';
import { PngExportDialog } from './png-export-dialog';

async function fetchSvg(id: string): Promise<string> {
  return (await apiRequest('GET', `/api/download/${id}`)).text();
}

/** Download SVG, Download PNG and Copy SVG Code; unpaid, each goes to the checkout instead. */
export function DownloadPanel({ conversion, allowed }: { conversion: Conversion; allowed: boolean }) {
  const [, navigate] = useLocation();
  const queryClient = useQueryClient();
  const [pngOpen, setPngOpen] = useState(false);
  const [converting, setConverting] = useState(false);

  // The spec's rule (section 4): no download without payment; the server refuses it too.
  const toCheckout = () => navigate(checkoutPathFor(conversion.id));
  const gated = (action: () => void) => () => (allowed ? action() : toCheckout());
  // The server said 402 (a Pro plan that has just ended): the checkout, as for any unpaid download.
  const paymentNeeded = (error: unknown) => {
    if (!(error instanceof ApiError && error.status === 402)) return false;
    void queryClient.invalidateQueries({ queryKey: ['/api/conversions'] });
    void queryClient.invalidateQueries({ queryKey: ['/api/user'] });
    toCheckout();
    return true;
  };

  const downloadSvg = async () => {
    try {
      saveBlob(new Blob([await fetchSvg(conversion.id)], { type: 'image/svg+xml' }), 'converted-vector.svg');
    } catch (error) {
      if (paymentNeeded(error)) return;
      toast({
        title: 'Download Failed',
        description: errorMessage(error, 'Failed to download the SVG.'),
        variant: 'destructive',
      });
    }
  };

  const exportPng = async (size: number, background: PngBackground) => {
    setConverting(true);
    try {
      const png = await svgToPng(await fetchSvg(conversion.id), size, background);
      saveBlob(png, `converted-vector-${size}.png`);
      setPngOpen(false);
      toast({ title: 'PNG Downloaded', description: `Successfully downloaded ${size}×${size} PNG file.` });
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
    <Card>
      <CardHeader>
        <CardTitle>Download</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-2 sm:grid-cols-3">
        <Button onClick={gated(downloadSvg)}>
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
        {!allowed && !isPaid(conversion.paymentStatus) ? (
          <p className="text-xs text-muted-foreground sm:col-span-3">Downloads unlock after payment.</p>
        ) : null}
      </CardContent>
      <PngExportDialog
        open={pngOpen}
        onOpenChange={setPngOpen}
        converting={converting}
        onExport={exportPng}
      />
    </Card>
  );
}
