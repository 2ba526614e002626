/**
 * The same bytes in memory a worker thread can be handed without a copy. Node 22 and later refuse
 * to transfer memory that a native addon allocated (sharp's decoded pixels) or that a view shares
 * with others (Buffer's pool): `ArrayBuffer.prototype.transfer` takes ordinary memory over as it
 * is and copies the rest into memory of our own. The caller's view is detached or left as it was,
 * and must not be used again.
 */
export function handOver(bytes: Uint8Array | Uint8ClampedArray): Uint8Array<ArrayBuffer> {
  const whole = bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength;
  if (whole && bytes.buffer instanceof ArrayBuffer) return new Uint8Array(bytes.buffer.transfer());
  return new Uint8Array(bytes);
}
