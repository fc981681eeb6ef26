import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { createdSurveyLinkSchema, publicSurveySchema, submittedSurveySchema, surveyLinksSchema, surveySentSchema, surveyWechatSchema } from '@dcap/core';
import type { CreatedSurveyLink, CreateSurveyLinkRequest, MailPanelRequest, PublicSurvey, PushPanelRequest, SendSurveyLinkRequest, SubmitSurveyRequest, SubmittedSurvey, SurveyLinks, SurveySent, SurveyWechat } from '@dcap/core';
import { useApi } from '../../app/services';
import { subjectKeys } from '../subjects/api';

/** The calls of subject questionnaires (docs/api.md "epro"; docs/decisions.md "Subject questionnaires"). */
export const eproKeys = {
  links: (subjectId: number) => ['surveyLinks', subjectId] as const,
  survey: (token: string) => ['publicSurvey', token] as const,
};

/** While a link's message is on its way, the list is read again this often, so staff see it sent or failed. */
const PENDING_SEND_POLL_MS = 3000;

/** GET /dcap/epro/link/list. */
export function useSurveyLinks(subjectId: number) {
  const api = useApi();
  return useQuery({
    queryKey: eproKeys.links(subjectId),
    enabled: subjectId > 0,
    queryFn: ({ signal }): Promise<SurveyLinks> => api.request('/epro/link/list', { query: { subjectId }, signal, schema: surveyLinksSchema }),
    refetchInterval: (query) => (query.state.data?.links.some((link) => link.sendState === 'pending') ? PENDING_SEND_POLL_MS : false),
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

/**
 * POST /dcap/public/survey/:token/wechat: binds the subject's WeChat by the code the official account's
 * authorisation came back with; silent (the page shows the outcome), and the page is read again after.
 */
export function useBindSurveyWechat(token: string) {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (code: string): Promise<SurveyWechat> => api.request(`/public/survey/${encodeURIComponent(token)}/wechat`, { method: 'POST', json: { code }, silent: true, schema: surveyWechatSchema }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: eproKeys.survey(token) }),
  });
}

/** POST /dcap/epro/wechat/unbind: the answer is the subject's links and binding; the subject is read again. */
export function useUnbindSubjectWechat(subjectId: number) {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (): Promise<SurveyLinks> => api.request('/epro/wechat/unbind', { method: 'POST', json: { subjectId }, notify: true, serverMessage: true, schema: surveyLinksSchema }),
    onSuccess: (links) => {
      queryClient.setQueryData(eproKeys.links(subjectId), links);
      void queryClient.invalidateQueries({ queryKey: subjectKeys.one(subjectId) });
    },
  });
}
