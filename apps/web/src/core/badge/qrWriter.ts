/**
 * The QR writer, loaded on first use (it is not on the pages that never print). A module of the console's own so a test
 * can hold the drawing back: a package's module, loaded already by an earlier test file in the same worker, is not
 * mocked reliably (the web tests share a worker's module cache, vitest.config.ts).
 */
export function qrDataUrl(text: string, errorCorrectionLevel: 'L' | 'M' = 'M'): Promise<string> {
  return import('qrcode').then((qr) => qr.toDataURL(text, { margin: 1, width: 240, errorCorrectionLevel }));
}
