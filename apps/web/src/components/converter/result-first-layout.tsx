import type { ReactNode } from 'react';
import type { ConverterWork } from '../../hooks/use-converter';
import { cn } from '../../lib/cn';
import { canDownload, needsPayment } from '../../lib/download-gate';
import { BatchCard } from './batch-card';
import { ConnectionNotice } from './connection-notice';
import { DownloadPanel } from './download-panel';
import { PageDrop } from './page-drop';
import { PaymentRequiredCard } from './payment-required-card';
import { QueueCard } from './queue-card';
import { ResultChoice } from './result-choice';
import { ResultSummary } from './result-summary';

/**
 * The result-first layout: the viewer takes most of the screen, the side panel holds the actions
 * (kept in view: at its top on a desktop, in a bar along the bottom of a phone), the result's
 * card, the settings and the next image.
 */
export function ResultFirstLayout({
  converter,
  preview,
  settingsPanel,
  uploadZone,
}: {
  converter: ConverterWork;
  preview: ReactNode;
  settingsPanel: ReactNode;
  uploadZone: ReactNode;
}) {
  const { state, user, shown, latest, previous, batch } = converter;
  const { source } = state;
  const payment =
    shown && needsPayment(shown, user) ? <PaymentRequiredCard conversionId={shown.id} docked /> : null;
  // Unpaid, its buttons lead to the checkout; paid, they are the actions kept in view.
  const downloads =
    shown?.status === 'completed' && !shown.expired ? (
      <DownloadPanel
        conversion={shown}
        allowed={canDownload(shown, user)}
        picture={converter.picture}
        docked={payment === null}
      />
    ) : null;
  const actions = payment ?? downloads;
  return (
    <PageDrop disabled={state.upload.status === 'uploading' || batch.uploading} onFiles={converter.takeFiles}>
      <div
        className={cn(
          'grid gap-4 lg:grid-cols-[minmax(0,1fr)_22rem] 2xl:grid-cols-[minmax(0,1fr)_26rem]',
          actions && 'max-lg:pb-32',
        )}
      >
        <section
          ref={converter.resultRef}
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
          <ConnectionNotice unreachable={converter.unreachable} onRetry={converter.retry} />
          {previous && latest ? (
            <ResultChoice
              showPrevious={state.showPrevious && !!previous}
              onChange={converter.choosePrevious}
            />
          ) : null}
          {shown ? (
            <ResultSummary
              conversion={shown}
              onReset={source && shown === latest ? converter.resetSettings : undefined}
              onReadAs={source && shown === latest && !shown.expired ? converter.readAs : undefined}
              onDeleted={converter.forgetDeleted}
            />
          ) : null}
          {payment ? downloads : null}
          {converter.batchShown ? (
            <BatchCard
              batch={batch.batch}
              conversions={converter.conversionsById}
              uploading={batch.uploading}
              openId={shown?.id ?? null}
              onOpen={converter.openFromBatch}
              onClear={batch.clear}
            />
          ) : null}
          {settingsPanel}
          {uploadZone}
          {user ? <QueueCard conversions={converter.conversions} /> : null}
        </aside>
      </div>
    </PageDrop>
  );
}
