import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Locale } from '@wsm/contracts';
import { and, eq } from 'drizzle-orm';
import type { InteractionResults, default as Provider } from 'oidc-provider';
import type { Db } from '../../db/types';
import type { AppDeps } from '../../deps';
import { loadAccess } from '../access/guard';
import { productSessionOf } from './product-session';
import { oidcPrefix } from './provider';
import { oidcPayloads } from './schema';
import { workspaceOfClient } from './service';

/** The prompt an interaction stopped at, as the provider keeps it in the interaction's payload. */
interface StoredPrompt {
  name?: string;
  reasons?: string[];
}

/**
 * Whether an interaction needs a new login although the browser may have a product session:
 * `prompt=login`, or a `max_age` the current login is older than.
 */
export function needsNewLogin(prompt: StoredPrompt | undefined): boolean {
  return (
    prompt?.name === 'login' &&
    (prompt.reasons ?? []).some((reason) => reason === 'login_prompt' || reason === 'max_age')
  );
}

/**
 * A pending sign-in by its uid (the interaction's id): the client it is for and whether the login form
 * must be shown (the contract's `forceLogin`). Undefined when unknown or expired. For the public
 * details endpoint of the login page.
 */
export async function pendingSignIn(
  db: Db,
  uid: string,
): Promise<{ clientId: string; forceLogin: boolean } | undefined> {
  const [row] = await db
    .select({ payload: oidcPayloads.payload, expiresAt: oidcPayloads.expiresAt })
    .from(oidcPayloads)
    .where(and(eq(oidcPayloads.model, 'Interaction'), eq(oidcPayloads.id, uid)));
  if (!row || (row.expiresAt && row.expiresAt.getTime() <= Date.now())) return undefined;
  const payload = row.payload as { params?: { client_id?: unknown }; prompt?: StoredPrompt };
  const clientId = payload.params?.client_id;
  if (typeof clientId !== 'string') return undefined;
  return { clientId, forceLogin: needsNewLogin(payload.prompt) };
}

/**
 * The interaction at /oidc/interaction/{uid}/: the product's login when the browser has no product
 * session (or, for `prompt=login`, none newer than the interaction), else the interaction's result at
 * once: access_denied for anyone but an active member, the login, or the grant the application asks
 * for (no consent screen).
 */
export async function runInteraction(
  deps: AppDeps,
  provider: Provider,
  raw: IncomingMessage,
  res: ServerResponse,
  locale: Locale,
  hijack: () => void,
): Promise<{ redirect: string } | undefined> {
  const details = await provider.interactionDetails(raw, res);
  const product = await productSessionOf(deps, raw);
  const prompt = details.prompt as StoredPrompt;
  const startedAt = Number((details as { iat?: number }).iat ?? 0);
  if (!product || (needsNewLogin(prompt) && product.loginTs < startedAt)) {
    // The product's login page, which comes back here after the second step.
    const returnTo = `${oidcPrefix}/interaction/${details.uid}/`;
    const base = deps.config.publicUrl.replace(/\/$/, '');
    return { redirect: `${base}/${locale}/login?returnTo=${encodeURIComponent(returnTo)}` };
  }
  const userId = product.userId;
  const db = deps.database.db;
  const clientId = String(details.params.client_id ?? '');
  const workspaceId = await workspaceOfClient(db, clientId);
  const access = workspaceId ? await loadAccess(db, workspaceId, userId) : undefined;
  const sessionAccount = details.session?.accountId;
  let result: InteractionResults;
  if (access?.status !== 'active')
    result = { error: 'access_denied', error_description: 'not an active member of the workspace' };
  else if (prompt.name === 'consent') {
    if (sessionAccount && sessionAccount !== userId)
      result = { error: 'access_denied', error_description: 'signed in as someone else' };
    else {
      // Native clients are always asked; the workspace's own applications are granted what they ask.
      const grant =
        (details.grantId ? await provider.Grant.find(details.grantId) : undefined) ??
        new provider.Grant({ accountId: userId, clientId });
      const missing = details.prompt.details as {
        missingOIDCScope?: string[];
        missingOIDCClaims?: string[];
        missingResourceScopes?: Record<string, string[]>;
      };
      if (missing.missingOIDCScope) grant.addOIDCScope(missing.missingOIDCScope.join(' '));
      if (missing.missingOIDCClaims) grant.addOIDCClaims(missing.missingOIDCClaims);
      for (const [resource, scopes] of Object.entries(missing.missingResourceScopes ?? {}))
        grant.addResourceScope(resource, scopes.join(' '));
      result = { consent: { grantId: await grant.save() } };
    }
  } else result = { login: { accountId: userId, ts: product.loginTs } };
  hijack();
  await provider.interactionFinished(raw, res, result, { mergeWithLastSubmission: true });
  return undefined;
}
