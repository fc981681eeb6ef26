import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { signatureHistorySchema } from '@dcap/core';
import type { SignatureHistory } from '@dcap/core';
import { useEffect, useState } from 'react';
import { useApi } from '../app/services';

/**
 * Signature images (spec 002 §7 getHisSignFile/uploadSignFile/updateSignFile; docs/decisions.md "Signature
 * images"). `userId` null is the signed-in user's own; a number is user administration's view of that user.
 */
export const signatureKeys = {
  history: (userId: number | null) => ['signature', 'history', userId] as const,
  image: (id: number) => ['signature', 'image', id] as const,
  signedImage: (signatureId: number) => ['signature', 'signedImage', signatureId] as const,
};

export function useSignatureHistory(userId: number | null) {
  const api = useApi();
  return useQuery({
    queryKey: signatureKeys.history(userId),
    queryFn: ({ signal }): Promise<SignatureHistory> =>
      api.request('/sys/user/getHisSignFile', { signal, silent: true, ...(userId === null ? {} : { query: { userId } }), schema: signatureHistorySchema }),
  });
}

/** Uploads the own signature (uploadSignFile) or, with a user id, replaces that user's (updateSignFile). */
export function useUploadSignature(userId: number | null) {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: File): Promise<SignatureHistory> => {
      const form = new FormData();
      if (userId !== null) form.append('userId', String(userId));
      form.append('file', file, file.name);
      return api.request(userId === null ? '/sys/user/uploadSignFile' : '/sys/user/updateSignFile', { method: 'POST', upload: form, notify: true, serverMessage: true, schema: signatureHistorySchema });
    },
    onSuccess: (history) => queryClient.setQueryData(signatureKeys.history(userId), history),
  });
}

/**
 * An image the API serves as an object URL (the call carries the session token in a header, which an `img`
 * source cannot), revoked when the component leaves or the image changes; null while loading, on failure or
 * when `path` is null.
 */
function useImageUrl(key: readonly unknown[], path: string | null): string | null {
  const api = useApi();
  const query = useQuery({
    queryKey: key,
    enabled: path !== null,
    staleTime: Infinity,
    retry: false,
    queryFn: async () => (await api.download(path ?? '', { silent: true })).blob,
  });
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!query.data) return undefined;
    const made = URL.createObjectURL(query.data);
    setUrl(made);
    return () => URL.revokeObjectURL(made);
  }, [query.data]);
  return path === null ? null : url;
}

/** One of a user's signature images (GET /dcap/sys/user/signFile/{id}). */
export function useSignatureImageUrl(id: number | null): string | null {
  return useImageUrl(signatureKeys.image(id ?? 0), id === null ? null : `/sys/user/signFile/${String(id)}`);
}

/** The image a signer had in use when making an electronic signature (GET /dcap/project/recordData/signature/image/{id}). */
export function useSignedImageUrl(signatureId: number | null): string | null {
  return useImageUrl(signatureKeys.signedImage(signatureId ?? 0), signatureId === null ? null : `/project/recordData/signature/image/${String(signatureId)}`);
}
