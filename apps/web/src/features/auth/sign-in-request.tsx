import { type Envelope, type SignInRequest, signInRequestPaths } from '@wsm/contracts';
import { Children, type ReactNode, useEffect, useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { UserValue } from '../../components/user-value';
import { returnToParam, safeReturnTo, signInRequestUid } from '../../lib/return-to';
import { readSession, sessionKeys } from '../../lib/storage';

// An application's pending sign-in (docs/sign-in-with-workspace.md): the login's steps name the
// application and workspace they sign into, read from the public details of the interaction.

/** The pending sign-in's uid: from this page's returnTo, else the one the login's steps remember. */
export function usePendingSignInUid(): string | undefined {
  const { search } = useLocation();
  // The prerendered login (no browser) belongs to no sign-in.
  if (typeof window === 'undefined') return undefined;
  const fromUrl = safeReturnTo(new URLSearchParams(search).get(returnToParam));
  return signInRequestUid(fromUrl ?? safeReturnTo(readSession(sessionKeys.returnTo)));
}

export type SignInRequestState =
  | { status: 'none' }
  | { status: 'loading' }
  | { status: 'found'; request: SignInRequest }
  | { status: 'expired' };

/** The details of the pending sign-in `uid` (none without one; expired when the API knows it no more). */
export function useSignInRequest(uid: string | undefined): SignInRequestState {
  const [state, setState] = useState<SignInRequestState>({ status: uid ? 'loading' : 'none' });
  useEffect(() => {
    if (!uid) {
      setState({ status: 'none' });
      return;
    }
    const controller = new AbortController();
    setState({ status: 'loading' });
    // The API client loads after the first screen, as the login form's does.
    import('../../lib/api-client')
      .then(({ apiClient, unwrap }) =>
        unwrap(
          apiClient.get<Envelope<SignInRequest>>(signInRequestPaths.details(uid), {
            signal: controller.signal,
            onError: () => undefined,
          }),
        ),
      )
      .then(
        (request) => setState({ status: 'found', request }),
        () => {
          if (!controller.signal.aborted) setState({ status: 'expired' });
        },
      );
    return () => controller.abort();
  }, [uid]);
  return state;
}

/** A name Trans put in the sentence, shown by the one rule for names (components/user-value.tsx). */
function NameInSentence({ children }: { children?: ReactNode }) {
  // Trans hands over the interpolated name, marks stripped (lib/i18n.ts) since UserValue isolates it.
  const value = Children.toArray(children)
    .join('')
    .replace(/[\uFDD0\uFDD1\u2066-\u2069]/g, '');
  return (
    <strong>
      <UserValue value={value} kind="text" data-testid="sign-in-request-name" />
    </strong>
  );
}

/** "Sign in to {application} of {workspace}" with the workspace's logo, or that the request expired. */
export function SignInRequestBanner({ state }: { state: SignInRequestState }) {
  const { t } = useTranslation('auth');
  if (state.status === 'none' || state.status === 'loading') return null;
  if (state.status === 'expired')
    return (
      <div className="pl-alert pl-alert--warning" role="status">
        <span className="pl-alert__message">{t('signInRequest.expired')}</span>
      </div>
    );
  const { application, workspace } = state.request;
  return (
    <div
      className="pl-alert pl-alert--info"
      role="status"
      data-testid="sign-in-request"
      style={{ alignItems: 'center', gap: 12 }}
    >
      {workspace.logo && (
        <img
          src={workspace.logo.url}
          alt=""
          width={40}
          height={40}
          style={{ borderRadius: 8, objectFit: 'cover', flex: 'none' }}
        />
      )}
      <span className="pl-alert__message">
        <Trans
          t={t}
          i18nKey="signInRequest.title"
          values={{ application: application.name, workspace: workspace.name }}
          components={{ b: <NameInSentence /> }}
        />
      </span>
    </div>
  );
}

/** The banner of the pending sign-in this login belongs to, if any (the second step's screens). */
export function PendingSignIn() {
  return <SignInRequestBanner state={useSignInRequest(usePendingSignInUid())} />;
}
