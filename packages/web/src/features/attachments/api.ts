import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { attachmentItemSchema, attachmentListSchema, tableImportPreviewSchema } from '@dcap/core';
import type { AttachmentItem, AttachmentKind, TableImportPreview } from '@dcap/core';
import { useCallback, useEffect, useState } from 'react';
import { useApi } from '../../app/services';
import { saveFile } from '../../lib/download';

/** Spec 002 §9: "attachment upload timeout 600000 ms". */
export const ATTACHMENT_UPLOAD_TIMEOUT_MS = 600_000;

/** What one list of attachments belongs to (core attachments/schemas.ts `attachmentListRequestSchema`). */
export type AttachmentOwner =
  | { kind: 'field'; panelInstanceId: number; path: string }
  | { kind: 'source'; panelInstanceId: number }
  | { kind: 'visitRecord'; eventInstanceId: number }
  | { kind: 'idCard'; subjectId: number };

/**
 * Where an owner's list is read from: a field's or a cell's from the one list of every field image of its
 * panel (kind panelFields, docs/decisions.md "Attachments"), so a panel with a 50-row image column asks once;
 * the other kinds from their own list.
 */
type ListSource = Exclude<AttachmentOwner, { kind: 'field' }> | { kind: 'panelFields'; panelInstanceId: number };

function listSource(owner: AttachmentOwner): ListSource {
  return owner.kind === 'field' ? { kind: 'panelFields', panelInstanceId: owner.panelInstanceId } : owner;
}

export const attachmentKeys = {
  all: ['attachments'] as const,
  /** An upload or deletion invalidates this key, which for a field or cell is its panel's shared list. */
  list: (owner: AttachmentOwner) => ['attachments', listSource(owner)] as const,
  /** The shared list of every field and cell image of a panel. */
  panelFields: (panelInstanceId: number) => ['attachments', { kind: 'panelFields', panelInstanceId } satisfies ListSource] as const,
  picture: (id: number, thumbnail: boolean) => ['attachmentPicture', id, thumbnail] as const,
};

function listBody(source: ListSource): Record<string, unknown> {
  switch (source.kind) {
    case 'panelFields':
      return { kind: 'panelFields', instrumentInsId: source.panelInstanceId };
    case 'source':
      return { kind: 'source', instrumentInsId: source.panelInstanceId };
    case 'visitRecord':
      return { kind: 'visitRecord', eventInsId: source.eventInstanceId };
    case 'idCard':
      return { kind: 'idCard', recordId: source.subjectId };
  }
}

/** The upload call and its form fields for each kind (spec 002 §7). */
function uploadCall(owner: AttachmentOwner, file: File): { path: string; form: FormData } {
  const form = new FormData();
  form.append('file', file, file.name);
  switch (owner.kind) {
    case 'field':
      form.append('instrumentInsId', String(owner.panelInstanceId));
      form.append('field', owner.path);
      return { path: '/project/recordData/attachment/import', form };
    case 'source':
      form.append('instrumentInsId', String(owner.panelInstanceId));
      return { path: '/project/recordData/source/import', form };
    case 'visitRecord':
      form.append('eventInsId', String(owner.eventInstanceId));
      return { path: '/visitTask/uploadVisitRecord', form };
    case 'idCard':
      form.append('recordId', String(owner.subjectId));
      return { path: '/prescreen/subject/uploadIdCard', form };
  }
}

/**
 * POST /dcap/project/recordData/attachment/list. Silent: the list shows a refusal itself. A field's or cell's
 * list is its panel's shared list filtered by the owner's path.
 */
export function useAttachments(owner: AttachmentOwner, enabled = true) {
  const api = useApi();
  const source = listSource(owner);
  const path = owner.kind === 'field' ? owner.path : null;
  const select = useCallback((items: AttachmentItem[]) => (path === null ? items : items.filter((item) => item.path === path)), [path]);
  return useQuery({
    queryKey: attachmentKeys.list(owner),
    enabled,
    retry: false,
    queryFn: ({ signal }): Promise<AttachmentItem[]> => api.request('/project/recordData/attachment/list', { method: 'POST', json: listBody(source), signal, silent: true, schema: attachmentListSchema }),
    select,
  });
}

/** One upload (multipart); the server's refusal is shown as a notice by the client. */
export function useUploadAttachment(owner: AttachmentOwner) {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: File): Promise<AttachmentItem> => {
      const { path, form } = uploadCall(owner, file);
      return api.request(path, { method: 'POST', upload: form, timeoutMs: ATTACHMENT_UPLOAD_TIMEOUT_MS, notify: true, serverMessage: true, schema: attachmentItemSchema });
    },
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: attachmentKeys.list(owner) }),
  });
}

/** GET /dcap/project/recordData/attachment/delete/{id}: a logical deletion on the server. */
export function useDeleteAttachment(owner: AttachmentOwner) {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number): Promise<AttachmentItem> =>
      api.request(`/project/recordData/attachment/delete/${String(id)}`, { notify: true, serverMessage: true, schema: attachmentItemSchema }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: attachmentKeys.list(owner) }),
  });
}

/** The picture route of spec 002 §7: base, project id, attachment id and the thumbnail flag. */
export function picturePath(projectId: number, id: number): string {
  return `/project/recordData/attachment/picture/${String(projectId)}/${String(id)}`;
}

/**
 * An attachment's bytes as an object URL (the call carries the session token in a header, which an `img`
 * source cannot), revoked when the component leaves or the attachment changes.
 */
export function useAttachmentUrl(projectId: number | undefined, id: number, thumbnail: boolean): { url: string | null; failed: boolean } {
  const api = useApi();
  const query = useQuery({
    queryKey: attachmentKeys.picture(id, thumbnail),
    enabled: projectId !== undefined,
    staleTime: Infinity,
    retry: false,
    queryFn: async () => (await api.download(picturePath(projectId ?? 0, id), { query: { thumbnail: thumbnail ? 1 : 0 }, silent: true })).blob,
  });
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!query.data) return undefined;
    const made = URL.createObjectURL(query.data);
    setUrl(made);
    return () => URL.revokeObjectURL(made);
  }, [query.data]);
  return { url, failed: query.isError };
}

/** Opens an attachment (a PDF, say) in a new tab from its bytes. */
export function useOpenAttachment() {
  const api = useApi();
  return async (projectId: number, item: AttachmentItem): Promise<void> => {
    const file = await api.download(picturePath(projectId, item.id));
    const url = URL.createObjectURL(file.blob);
    window.open(url, '_blank', 'noopener');
    setTimeout(() => URL.revokeObjectURL(url), 60_000);
  };
}

/** POST /dcap/project/recordData/import: the sheet read into table rows; saves nothing (docs/forms.md). */
export function useTableImport() {
  const api = useApi();
  return useMutation({
    mutationFn: (input: { panelInstanceId: number; table: string; file: File }): Promise<TableImportPreview> => {
      const form = new FormData();
      form.append('file', input.file, input.file.name);
      form.append('instrumentInsId', String(input.panelInstanceId));
      form.append('table', input.table);
      return api.request('/project/recordData/import', { method: 'POST', upload: form, timeoutMs: ATTACHMENT_UPLOAD_TIMEOUT_MS, schema: tableImportPreviewSchema });
    },
  });
}

/** GET /dcap/project/recordData/importTemplate/{panel}/{table}: saved through the browser. */
export function useTableTemplate() {
  const api = useApi();
  return useMutation({
    mutationFn: async (input: { panelInstanceId: number; table: string }) =>
      saveFile(await api.download(`/project/recordData/importTemplate/${String(input.panelInstanceId)}/${encodeURIComponent(input.table)}`)),
  });
}

export type { AttachmentKind };
