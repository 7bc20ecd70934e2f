import { gzipSync } from 'node:zlib';

/**
 * A serialized answer with its gzip copy made on first demand and kept: browsers ask for gzip, and the
 * dashboard of a hundred bills shrinks about tenfold, so each reload moves far fewer bytes through the gateway.
 */
export class CachedJson {
  private compressed: Buffer | undefined;

  constructor(readonly text: string) {}

  gzipped(): Buffer {
    this.compressed ??= gzipSync(this.text);
    return this.compressed;
  }
}

/** Whether an Accept-Encoding header allows gzip (and does not refuse it with q=0). */
export function acceptsGzip(acceptEncoding: string | string[] | undefined): boolean {
  const header = Array.isArray(acceptEncoding) ? acceptEncoding.join(',') : (acceptEncoding ?? '');
  return header.split(',').some((part) => {
    const [coding, ...params] = part.trim().toLowerCase().split(';');
    if (coding !== 'gzip' && coding !== '*') return false;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    return !q || Number(q.slice(2)) > 0;
  });
}
