/**
 * The converter's place, kept across tabs, Back, payment returns and browser restarts: the
 * conversion on screen and the one before it. The server holds everything else (the upload, the
 * settings, the result), so an id is enough to bring the converter back.
 */
export interface ConverterMemory {
  current: string | null;
  previous: string | null;
}

const KEY = 'vectrace.converter';
const empty: ConverterMemory = { current: null, previous: null };

export function readMemory(): ConverterMemory {
  try {
    const value = JSON.parse(localStorage.getItem(KEY) ?? 'null') as Partial<ConverterMemory> | null;
    return { current: value?.current ?? null, previous: value?.previous ?? null };
  } catch {
    return empty;
  }
}

export function writeMemory(memory: ConverterMemory): void {
  localStorage.setItem(KEY, JSON.stringify(memory));
}

export function forgetMemory(): void {
  localStorage.removeItem(KEY);
}

/** The conversion the address names (`/?conversion={id}`): how the history opens one. */
export function conversionInAddress(search: string): string | null {
  return new URLSearchParams(search).get('conversion') || null;
}

/** The address with the conversion on screen named, so a reload or a shared tab finds it again. */
export function addressWith(href: string, conversionId: string | null): string {
  const url = new URL(href);
  if (conversionId) url.searchParams.set('conversion', conversionId);
  else url.searchParams.delete('conversion');
  return `${url.pathname}${url.search}${url.hash}`;
}
