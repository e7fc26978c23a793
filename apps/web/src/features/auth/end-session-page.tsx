import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { type DeviceParts, deviceSchema, type Envelope, formatDevice, identityPaths } from '@wsm/contracts';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { UserValue } from '../../components/user-value';
import { ApiError, apiClient } from '../../lib/api-client';
import { formatDate } from '../../lib/dates';
import { displayDigits } from '../../lib/digits';
import { useLocale } from '../../lib/locale-navigation';
import { AuthCard } from './components/auth-card';
import { AuthHeading } from './components/auth-heading';

// /:locale/security/end-session?token=… — the link of a login alert e-mail.
// Anyone holding the link may end that one session, logged in here or not: the page asks first, then
// says what happened. The token is signed by the server; the page only reads what it shows from it.

interface LinkClaims {
  /** The device's parts (links signed since they were carried), or its name in English (older links). */
  deviceParts?: DeviceParts;
  device?: string;
  ipAddress?: string;
  issuedAt?: number;
}

/** One of the session's details: its name, then its value. */
function Detail({ term, children }: { term: string; children: ReactNode }) {
  return (
    <>
      <Typography component="dt" variant="body2" color="text.secondary">
        {term}
      </Typography>
      <Typography component="dd">{children}</Typography>
    </>
  );
}

/** What the link's token says about the login (unverified: the server checks the token itself). */
export function readLinkClaims(token: string): LinkClaims {
  try {
    const part = token.split('.')[1] ?? '';
    const json = atob(part.replace(/-/g, '+').replace(/_/g, '/'));
    const bytes = Uint8Array.from(json, (char) => char.charCodeAt(0));
    const payload = JSON.parse(new TextDecoder().decode(bytes)) as {
      dev?: unknown;
      dv?: unknown;
      ip?: unknown;
      iat?: unknown;
    };
    return {
      deviceParts: deviceSchema.safeParse(payload.dv).data,
      device: typeof payload.dev === 'string' ? payload.dev : undefined,
      ipAddress: typeof payload.ip === 'string' ? payload.ip : undefined,
      issuedAt: typeof payload.iat === 'number' ? payload.iat : undefined,
    };
  } catch {
    return {};
  }
}

type Outcome = 'ended' | 'already' | 'invalid';

// Not this browser's session: a refusal must not log anyone out here, nor renew anything.
const quietCall = { bearer: '', noRedirection: true, onError: () => undefined };

export function EndSessionPage() {
  const { t } = useTranslation('auth');
  const locale = useLocale();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const claims = readLinkClaims(token);
  const device =
    formatDevice(claims.deviceParts, locale) ??
    (claims.device && claims.device !== 'unknown' ? displayDigits(claims.device, locale) : undefined);
  const [pending, setPending] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | undefined>(token ? undefined : 'invalid');
  // A used (or otherwise ended) link says so at once instead of asking again; a bad one says it is bad.
  const [checked, setChecked] = useState(!token);
  useEffect(() => {
    if (!token) return;
    let live = true;
    apiClient
      .post<Envelope<{ ended: boolean }>>(identityPaths.sessionLinkState, { token }, quietCall)
      .then((response) => {
        if (live && response.data.data.ended) setOutcome((current) => current ?? 'already');
      })
      .catch((error: unknown) => {
        // Only a refused link is bad; a call that failed otherwise leaves the question to the person.
        const refused = error instanceof ApiError && error.httpStatus === 401;
        if (live && refused) setOutcome((current) => current ?? 'invalid');
      })
      .finally(() => {
        if (live) setChecked(true);
      });
    return () => {
      live = false;
    };
  }, [token]);

  const endSession = async () => {
    setPending(true);
    try {
      const response = await apiClient.post<Envelope<{ ended: boolean }>>(
        identityPaths.sessionEndByLink,
        { token },
        quietCall,
      );
      setOutcome(response.data.data.ended ? 'ended' : 'already');
    } catch {
      setOutcome((current) => current ?? 'invalid');
    } finally {
      setPending(false);
    }
  };

  return (
    <AuthCard>
      <Stack sx={{ gap: 2.5 }} data-testid="end-session-page">
        <AuthHeading title={t('endSession.title')} />
        {outcome ? (
          <Alert severity={outcome === 'invalid' ? 'error' : 'success'} role="status">
            {t(`endSession.${outcome}`)}
          </Alert>
        ) : (
          <>
            <Typography>{t('endSession.question')}</Typography>
            <Stack component="dl" sx={{ m: 0, gap: 0.5, '& dd': { m: 0, fontWeight: 500 } }}>
              {device ? (
                <Detail term={t('endSession.device')}>
                  {/* A phrase of the page's language around product names: isolated in its direction. */}
                  <bdi dir={locale === 'en' ? 'ltr' : 'rtl'} data-testid="end-session-device">
                    {device}
                  </bdi>
                </Detail>
              ) : null}
              {claims.issuedAt ? (
                <Detail term={t('endSession.time')}>
                  {/* In this browser's zone, named (the e-mail names Tehran's), so the two never disagree unsaid. */}
                  {formatDate(claims.issuedAt * 1000, locale, t, {
                    year: 'numeric',
                    month: 'long',
                    day: 'numeric',
                    hour: '2-digit',
                    minute: '2-digit',
                    timeZoneName: 'long',
                  })}
                </Detail>
              ) : null}
              {claims.ipAddress ? (
                <Detail term={t('endSession.address')}>
                  {/* An address is an identifier: its own digits, left to right, in every language. */}
                  <UserValue value={claims.ipAddress} kind="identifier" data-testid="end-session-address" />
                </Detail>
              ) : null}
            </Stack>
            <Button
              variant="contained"
              size="large"
              loading={pending || !checked}
              onClick={() => void endSession()}
            >
              {t('endSession.confirm')}
            </Button>
          </>
        )}
      </Stack>
    </AuthCard>
  );
}
