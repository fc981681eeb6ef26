import { checkUpload } from '@dcap/core';
import type { AttachmentKind, UploadProblem } from '@dcap/core';

/** The catalogue key of a problem the browser finds before sending (the server checks again). */
const PROBLEM_KEYS: Partial<Record<UploadProblem['code'], string>> = {
  'attachment.type_forbidden': 'attachments.onlyImages',
  'attachment.pdf_or_image_only': 'attachments.imagesOrPdf',
  'attachment.too_large': 'attachments.tooLarge',
  'attachment.name_taken': 'attachments.nameTaken',
};

/** A file's first bytes (read with FileReader, which every browser and the test DOM have). */
export function fileHead(file: Blob, length = 16): Promise<Uint8Array> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(new Uint8Array(reader.result as ArrayBuffer));
    reader.onerror = () => reject(reader.error ?? new Error('read'));
    reader.readAsArrayBuffer(file.slice(0, length));
  });
}

/**
 * Spec 002 §5 in the browser, with core's rules: the kind from the file's first bytes, the size and a name
 * already listed. Answers the text to show, or null to send the file (the server may still refuse it).
 */
export async function uploadProblem(kind: AttachmentKind, file: File, existingNames: readonly string[], t: (key: string, params?: Record<string, string>) => string): Promise<string | null> {
  const head = await fileHead(file);
  const checked = checkUpload(kind, { name: file.name, size: file.size, bytes: head, declaredType: file.type || null }, existingNames);
  if (checked.ok) return null;
  const key = PROBLEM_KEYS[checked.problem.code];
  return key ? t(key, checked.problem.code === 'attachment.name_taken' ? { name: checked.problem.params.name } : {}) : null;
}
