import { useConverter } from '../../hooks/use-converter';
import { LostNotice } from './lost-notice';
import { PageDrop } from './page-drop';
import { PreviewPanel } from './preview-panel';
import { QueueCard } from './queue-card';
import { ResultFirstLayout } from './result-first-layout';
import { SettingsPanel } from './settings-panel';
import { UploadZone } from './upload-zone';

/**
 * The converter: upload, settings (a change re-traces the same image), preview, pay or download.
 * Before an image, the upload leads; once there is one, the result does. Its work is
 * `useConverter`'s; this is what it shows.
 */
export function Converter({ onActiveChange }: { onActiveChange?: (active: boolean) => void } = {}) {
  const converter = useConverter(onActiveChange);
  const { state, user, active, shown, batch } = converter;
  const uploading = state.upload.status === 'uploading';

  const uploadZone = (
    <UploadZone
      state={state.upload}
      kept={state.upload.status === 'idle' ? state.source : null}
      rejection={state.rejection}
      batch={converter.isPro}
      busy={batch.uploading}
      compact={active}
      onFile={converter.startUpload}
      onFiles={converter.startBatch}
      onReject={converter.reject}
    />
  );
  const settingsPanel = (
    <SettingsPanel
      settings={state.settings}
      onChange={converter.changeSettings}
      canConvert={state.source !== null && !uploading && !converter.converting}
      converting={converter.converting}
      onConvert={converter.startConversion}
      convertRef={converter.convertRef}
      pinned={state.pinned}
      onPin={active ? converter.pin : undefined}
    />
  );
  const preview = (
    <PreviewPanel
      originalUrl={shown?.expired ? null : converter.originalUrl}
      conversion={shown}
      fill={active}
    />
  );

  if (active) {
    return (
      <ResultFirstLayout
        converter={converter}
        preview={preview}
        settingsPanel={settingsPanel}
        uploadZone={uploadZone}
      />
    );
  }
  return (
    <PageDrop disabled={false} onFiles={converter.takeFiles}>
      <div className="grid gap-6 lg:grid-cols-[minmax(0,5fr)_minmax(0,7fr)]">
        <div className="flex min-w-0 flex-col gap-6">
          {state.lost ? <LostNotice message={state.lost} onDismiss={converter.dismissLost} /> : null}
          {uploadZone}
          {settingsPanel}
        </div>
        <section aria-label="Result" className="flex min-w-0 flex-col gap-6">
          {preview}
          {user ? <QueueCard conversions={converter.conversions} /> : null}
        </section>
      </div>
    </PageDrop>
  );
}
