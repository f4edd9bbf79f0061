// The PDFs the server writes (a visit's record, the evacuation list): A4 pages in a font that has Chinese.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

/** Noto Sans SC ships as an npm package, so a fresh machine renders Chinese without system fonts; pdfkit embeds only the glyphs used. */
const FONT = createRequire(import.meta.url).resolve('@expo-google-fonts/noto-sans-sc/400Regular/NotoSansSC_400Regular.ttf');
let fontBytes: Buffer | undefined;

/**
 * A new A4 document writing in that font (`cjk`). pdfkit and its font engine load with the first document: loaded with
 * the server they took some 110 ms of every start.
 */
export async function cjkPdf(options: PDFKit.PDFDocumentOptions): Promise<PDFKit.PDFDocument> {
  const { default: PDFDocument } = await import('pdfkit');
  fontBytes ??= readFileSync(FONT);
  const doc = new PDFDocument({ size: 'A4', ...options });
  doc.registerFont('cjk', fontBytes);
  doc.font('cjk');
  return doc;
}
