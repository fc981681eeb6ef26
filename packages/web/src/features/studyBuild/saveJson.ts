import type { InstrumentDownload } from '../../api/instruments';
import { saveFile } from '../../lib/download';

/** Hands an instrument file (a download, or the upload-format example) to the browser as pretty JSON. */
export function saveJson({ filename, content }: InstrumentDownload): void {
  saveFile({ blob: new Blob([JSON.stringify(content, null, 2)], { type: 'application/json' }), filename });
}
