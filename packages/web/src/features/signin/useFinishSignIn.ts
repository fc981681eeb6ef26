import { useQueryClient } from '@tanstack/react-query';
import { App } from 'antd';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { useEnterPortalProjectMutation } from '../../api/session';
import { afterSignInPath, DASHBOARD_PATH } from '../../app/guard';
import { useServices } from '../../app/services';
import type { LoginInfo } from '../../app/session';

/**
 * What every way of signing in does once the server opened a session: forget the previous user's cached
 * answers, keep the session, and go where the user was headed. On a project's portal (spec 000 §2.3
 * /portal/{project}) the session then enters that project, as the workplace does, and the user lands on its
 * home page; a user who is not a member lands on the normal home with a notice.
 */
export function useFinishSignIn(projectId?: number) {
  const { t } = useTranslation();
  const { session } = useServices();
  const { notification } = App.useApp();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { search } = useLocation();
  const { mutateAsync: enter } = useEnterPortalProjectMutation();

  return useCallback(
    async (token: string, user: LoginInfo) => {
      queryClient.clear();
      session.signIn(token, user);
      if (projectId === undefined) {
        await navigate(afterSignInPath(search), { replace: true });
        return;
      }
      try {
        await enter(projectId);
        await navigate(DASHBOARD_PATH, { replace: true });
      } catch {
        notification.warning({ title: t('content.portal.notMember'), key: 'portal-not-member' });
        await navigate(afterSignInPath(''), { replace: true });
      }
    },
    [enter, navigate, notification, projectId, queryClient, search, session, t],
  );
}
