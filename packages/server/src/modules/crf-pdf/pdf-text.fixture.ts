import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

/** The text of a PDF read back page by page, as a reader's copy and paste would give it. */
export async function pdfText(data: Buffer): Promise<{ pages: string[]; text: string }> {
  const document = await getDocument({ data: new Uint8Array(data), useSystemFonts: false, isEvalSupported: false }).promise;
  const pages: string[] = [];
  for (let number = 1; number <= document.numPages; number += 1) {
    const page = await document.getPage(number);
    const content = await page.getTextContent();
    pages.push(content.items.map((item) => ('str' in item ? item.str + (item.hasEOL ? '\n' : '') : '')).join(''));
  }
  await document.destroy();
  return { pages, text: pages.join('\n') };
}
