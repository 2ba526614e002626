import { useEffect, useRef } from 'react';
import { addressWith, type ConverterMemory, conversionInAddress, writeMemory } from '../lib/converter-memory';

/**
 * The converter's place, kept where a new tab, a reload or Back finds it: in local storage and
 * the address. A conversion the address names later (the history opening one while the converter
 * is on screen) is opened; the addresses written here are not such a request.
 */
export function useConverterPlace(search: string, memory: ConverterMemory, open: (id: string) => void) {
  const written = useRef(conversionInAddress(search));
  // biome-ignore lint/correctness/useExhaustiveDependencies: open only sets state; the address drives this
  useEffect(() => {
    const named = conversionInAddress(search);
    if (!named || named === written.current) return;
    written.current = named;
    open(named);
  }, [search]);

  useEffect(() => {
    writeMemory(memory);
    written.current = memory.current;
    const address = addressWith(window.location.href, memory.current);
    if (address !== `${window.location.pathname}${window.location.search}${window.location.hash}`) {
      window.history.replaceState(window.history.state, '', address);
    }
  }, [memory]);
}
