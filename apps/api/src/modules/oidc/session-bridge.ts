import type { default as Provider } from 'oidc-provider';
import type { AppDeps } from '../../deps';
import { productSessionOf } from './product-session';

/**
 * The provider's login follows the product's session (docs/sign-in-with-workspace.md, "Logging in"):
 * a browser whose product session is alive is logged in to the provider as that user, with the time of
 * that login, so `prompt=none` gets a code without a page; a browser without one, or with another
 * person's, has no provider login (`prompt=none` → `login_required`), whatever the provider's own
 * session cookie says.
 */
export function followProductSessions(provider: Provider, deps: AppDeps): void {
  const { Session } = provider;
  const get = Session.get.bind(Session);
  Session.get = async (ctx) => {
    const session = await get(ctx);
    const product = await productSessionOf(deps, ctx.req);
    if (session.accountId && session.accountId !== product?.userId) {
      if (session.exp) session.resetIdentifier();
      Object.assign(session, {
        accountId: undefined,
        loginTs: undefined,
        amr: undefined,
        acr: undefined,
        authorizations: {},
      });
    }
    if (product && !session.accountId)
      session.loginAccount({ accountId: product.userId, loginTs: product.loginTs });
    return session;
  };
}
