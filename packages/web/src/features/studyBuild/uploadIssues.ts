import { isApiError } from '../../api/errors';

/** One problem of an uploaded file, located by its path (`instruments.2.panel.list.0.options…`). */
export interface UploadIssue {
  path: string;
  message: string;
  messageEn: string | null;
}

export interface UploadFailure {
  message: string;
  issues: UploadIssue[];
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

function issueOf(value: unknown): UploadIssue | null {
  if (!isRecord(value) || typeof value.path !== 'string' || typeof value.message !== 'string') return null;
  return { path: value.path, message: value.message, messageEn: typeof value.messageEn === 'string' ? value.messageEn : null };
}

/**
 * The problems a refused upload carries: panel issues in `data.issues` (as a panel save reports them) when the
 * error keeps the envelope's data, otherwise the envelope's field errors. Either way they name their path.
 */
export function uploadFailureOf(error: unknown, fallback: string): UploadFailure {
  if (!isApiError(error)) return { message: error instanceof Error ? error.message : fallback, issues: [] };
  const data: unknown = 'data' in error ? (error as { data?: unknown }).data : undefined;
  const listed: unknown[] = isRecord(data) && Array.isArray(data.issues) ? data.issues : error.errors;
  const issues = listed.map(issueOf).filter((issue): issue is UploadIssue => issue !== null);
  return { message: error.msg || fallback, issues };
}

/** The instrument an issue belongs to: the file entry named by the path's `instruments.<n>` prefix. */
export function issueInstrumentIndex(path: string): number | null {
  const match = /^(?:file\.)?instruments\.(\d+)/.exec(path);
  return match?.[1] === undefined ? null : Number(match[1]);
}

/** Reads a chosen file as text, reporting how much has been read (0 to 1). */
export function readFileText(file: Blob, onProgress: (fraction: number) => void): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    };
    reader.onload = () => {
      onProgress(1);
      resolve(typeof reader.result === 'string' ? reader.result : '');
    };
    reader.onerror = () => {
      reject(reader.error ?? new Error('read failed'));
    };
    reader.readAsText(file);
  });
}
