import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { createdSurveyLinkSchema, publicSurveySchema, submittedSurveySchema, surveyLinksSchema, surveySentSchema } from '@dcap/core';
import type { CreatedSurveyLink, CreateSurveyLinkRequest, MailPanelRequest, PublicSurvey, PushPanelRequest, SendSurveyLinkRequest, SubmitSurveyRequest, SubmittedSurvey, SurveyLinks, SurveySent } from '@dcap/core';
import { useApi } from '../../app/services';

/** The calls of subject questionnaires (docs/api.md "epro"; docs/decisions.md "Subject questionnaires"). */
export const eproKeys = {
  links: (subjectId: number) => ['surveyLinks', subjectId] as const,
  survey: (token: string) => ['publicSurvey', token] as const,
};

/** GET /dcap/epro/link/list. */
export function useSurveyLinks(subjectId: number) {
  const api = useApi();
  return useQuery({
    queryKey: eproKeys.links(subjectId),
    enabled: subjectId > 0,
    queryFn: ({ signal }): Promise<SurveyLinks> => api.request('/epro/link/list', { query: { subjectId }, signal, schema: surveyLinksSchema }),
  });
}

function useLinkMutation<I, O>(call: (input: I) => Promise<O>, subjectId: number) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: call, onSuccess: () => void queryClient.invalidateQueries({ queryKey: eproKeys.links(subjectId) }) });
}

/** POST /dcap/epro/link/create: the answer holds the token, told only this once. */
export function useCreateSurveyLink(subjectId: number) {
  const api = useApi();
  return useLinkMutation((input: CreateSurveyLinkRequest): Promise<CreatedSurveyLink> => api.request('/epro/link/create', { method: 'POST', json: input, notify: true, schema: createdSurveyLinkSchema }), subjectId);
}

/** POST /dcap/epro/link/revoke. */
export function useRevokeSurveyLink(subjectId: number) {
  const api = useApi();
  return useLinkMutation((linkId: number): Promise<SurveyLinks> => api.request('/epro/link/revoke', { method: 'POST', json: { linkId }, notify: true, schema: surveyLinksSchema }), subjectId);
}

/** POST /dcap/epro/link/send. */
export function useSendSurveyLink(subjectId: number) {
  const api = useApi();
  return useLinkMutation((input: SendSurveyLinkRequest): Promise<SurveySent> => api.request('/epro/link/send', { method: 'POST', json: input, notify: true, schema: surveySentSchema }), subjectId);
}

/** POST /dcap/epro/panel/mail. */
export function useMailPanel(subjectId: number) {
  const api = useApi();
  return useLinkMutation((input: MailPanelRequest): Promise<SurveySent> => api.request('/epro/panel/mail', { method: 'POST', json: input, notify: true, schema: surveySentSchema }), subjectId);
}

/** POST /dcap/epro/panel/push. */
export function usePushPanel(subjectId: number) {
  const api = useApi();
  return useLinkMutation((input: PushPanelRequest): Promise<SurveySent> => api.request('/epro/panel/push', { method: 'POST', json: input, notify: true, schema: surveySentSchema }), subjectId);
}

/** GET /dcap/public/survey/:token: the public page, silent (it shows a refusal itself) and never retried. */
export function usePublicSurvey(token: string, enabled: boolean) {
  const api = useApi();
  return useQuery({
    queryKey: eproKeys.survey(token),
    enabled,
    retry: false,
    refetchOnWindowFocus: false,
    queryFn: ({ signal }): Promise<PublicSurvey> => api.request(`/public/survey/${encodeURIComponent(token)}`, { signal, silent: true, schema: publicSurveySchema }),
  });
}

/** POST /dcap/public/survey/:token/submit. */
export function useSubmitSurvey(token: string) {
  const api = useApi();
  return useMutation({
    mutationFn: (input: SubmitSurveyRequest): Promise<SubmittedSurvey> => api.request(`/public/survey/${encodeURIComponent(token)}/submit`, { method: 'POST', json: input, silent: true, schema: submittedSurveySchema }),
  });
}
