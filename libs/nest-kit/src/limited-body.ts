// Raw (non-JSON) request bodies: a blog image, a bank statement file.

/**
 * A raw upload's body read into one buffer, refused with `tooLarge()` (a 413) once it passes `maxBytes`, whether its
 * Content-Length said so up front or it grew past it. The refused rest is read and dropped (up to `drainLimit`),
 * never kept. With a declared length the bytes go straight into one buffer of that size (no chunk list and no
 * second copy at the end); without one (chunked) the chunks are joined once.
 */
export async function readLimitedBody(
  payload: AsyncIterable<Buffer | string>,
  declaredLength: number,
  maxBytes: number,
  tooLarge: () => Error,
  drainLimit = 2 * maxBytes,
): Promise<Buffer> {
  let over = declaredLength > maxBytes;
  let whole = !over && declaredLength > 0 ? Buffer.allocUnsafe(declaredLength) : null;
  const chunks: Buffer[] = [];
  let received = 0;
  for await (const chunk of payload) {
    const bytes = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
    const offset = received;
    received += bytes.length;
    if (received > drainLimit) break;
    if (over || received > maxBytes) {
      over = true;
      whole = null;
      chunks.length = 0;
      continue;
    }
    if (whole && received > whole.length) {
      // More than declared (node:http never delivers that; other callers might): carry on as chunks.
      chunks.push(whole.subarray(0, offset));
      whole = null;
    }
    if (whole) bytes.copy(whole, offset);
    else chunks.push(bytes);
  }
  if (over || received > maxBytes) throw tooLarge();
  if (whole) return received === whole.length ? whole : whole.subarray(0, received);
  return Buffer.concat(chunks, received);
}
