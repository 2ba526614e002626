import {
  apiPaths,
  type DownloadFormat,
  downloadLabels,
  listInWords,
  type SizeUnit,
} from '@vectrace/contract';

/** `GET /api/download/{id}` in a format, at the typed width when there is one. */
export function downloadPath(id: string, format: DownloadFormat, size: { width?: number; unit: SizeUnit }) {
  const query = new URLSearchParams({ format });
  if (size.width !== undefined) {
    query.set('width', String(size.width));
    query.set('unit', size.unit);
  }
  return `${apiPaths.download(encodeURIComponent(id))}?${query}`;
}

/** "SVG, EPS, PDF, DXF and PNG": every format a paid image downloads in, as people call them. */
export function allFormatLabels(): string {
  return listInWords(downloadLabels);
}

/** "Download all": `GET /api/downloads/zip` of completed conversions, in one format. */
export function zipPath(conversionIds: string[], format: DownloadFormat): string {
  return `${apiPaths.downloadsZip}?ids=${conversionIds.map(encodeURIComponent).join(',')}&format=${format}`;
}
