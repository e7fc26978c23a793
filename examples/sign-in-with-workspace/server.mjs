// A tiny web application that signs its users in with a workspace of the product: OpenID Connect,
// authorization code with PKCE, through openid-client 6. Plain node:http, no framework. See README.md.
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import * as oidc from 'openid-client';

const env = process.env;
const port = Number(env.PORT ?? 3100);
const host = env.HOST ?? '127.0.0.1';
const issuer = new URL(env.ISSUER ?? 'http://localhost:3000/oidc');
const clientId = env.CLIENT_ID;
const clientSecret = env.CLIENT_SECRET || undefined;
const base = env.BASE_URL ?? `http://${host}:${port}`;
const redirectUri = env.REDIRECT_URI ?? `${base}/callback`;
const postLogoutRedirectUri = env.POST_LOGOUT_REDIRECT_URI ?? `${base}/`;
const scope = env.SCOPE ?? 'openid profile workspace';

if (!clientId) {
  console.error('Set CLIENT_ID (and CLIENT_SECRET for a confidential client); see README.md.');
  process.exit(1);
}

// A confidential client authenticates with its secret; a public one (a browser or native app) with
// PKCE alone. A local product on plain http needs allowInsecureRequests; production is https.
const insecure = issuer.protocol === 'http:' ? { execute: [oidc.allowInsecureRequests] } : undefined;
let config;
const configuration = async () => {
  config ??= await oidc.discovery(
    issuer,
    clientId,
    clientSecret,
    clientSecret ? undefined : oidc.None(),
    insecure,
  );
  return config;
};

/** Sessions of this example, in memory, by a random cookie: the flow's secrets, then the signed-in claims. */
const sessions = new Map();
const sessionOf = (request, response) => {
  const id = /(?:^|;\s*)example_sid=([\w-]+)/.exec(request.headers.cookie ?? '')?.[1];
  if (id && sessions.has(id)) return sessions.get(id);
  const fresh = randomBytes(18).toString('base64url');
  const session = {};
  sessions.set(fresh, session);
  response.setHeader('set-cookie', `example_sid=${fresh}; Path=/; HttpOnly; SameSite=Lax`);
  return session;
};

const html = (value) =>
  String(value).replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c],
  );

const page = (body) => `<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><title>Sign in with the workspace</title>
<style>body{font:16px/1.5 system-ui,sans-serif;max-width:44rem;margin:2rem auto;padding:0 1rem}
dt{font-weight:600}dd{margin:0 0 .5rem}pre{background:#f4f4f5;padding:1rem;overflow:auto;border-radius:8px}
a.button{display:inline-block;padding:.5rem 1rem;border-radius:8px;background:#1d4ed8;color:#fff;text-decoration:none}</style>
</head><body><h1>Example application</h1>${body}</body></html>`;

const list = (values) => (Array.isArray(values) && values.length ? values.map(html).join(', ') : '—');

function home(session) {
  const claims = session.claims;
  if (!claims)
    return page(
      `<p>You are not signed in.</p><p><a class="button" id="sign-in" href="/login">Sign in with the workspace</a></p>`,
    );
  const name =
    [claims.given_name, claims.family_name].filter(Boolean).join(' ') ||
    claims.preferred_username ||
    claims.sub;
  return page(`<p id="signed-in">Signed in as <strong id="name">${html(name)}</strong>.</p>
<dl><dt>User id (sub)</dt><dd id="sub">${html(claims.sub)}</dd>
<dt>Workspace</dt><dd id="workspace">${html(claims.workspace_id ?? '—')}</dd>
<dt>Roles</dt><dd id="roles">${list(claims.roles)}</dd>
<dt>Permissions</dt><dd id="permissions">${list(claims.permissions)}</dd></dl>
<h2>ID token claims</h2><pre id="claims">${html(JSON.stringify(claims, null, 2))}</pre>
<p><a class="button" id="sign-out" href="/logout">Sign out</a></p>`);
}

async function handle(request, response) {
  const url = new URL(request.url ?? '/', base);
  const session = sessionOf(request, response);
  const send = (status, html) => {
    response.writeHead(status, { 'content-type': 'text/html; charset=utf-8' });
    response.end(html);
  };
  const redirect = (location) => {
    response.writeHead(303, { location: String(location) });
    response.end();
  };
  if (url.pathname === '/') return send(200, home(session));
  if (url.pathname === '/login') {
    const cfg = await configuration();
    session.verifier = oidc.randomPKCECodeVerifier();
    session.state = oidc.randomState();
    session.nonce = oidc.randomNonce();
    return redirect(
      oidc.buildAuthorizationUrl(cfg, {
        redirect_uri: redirectUri,
        scope,
        code_challenge: await oidc.calculatePKCECodeChallenge(session.verifier),
        code_challenge_method: 'S256',
        state: session.state,
        nonce: session.nonce,
      }),
    );
  }
  if (url.pathname === '/callback') {
    const cfg = await configuration();
    // openid-client checks the state, the nonce, the ID token's signature (JWKS) and its audience.
    const tokens = await oidc.authorizationCodeGrant(cfg, url, {
      pkceCodeVerifier: session.verifier,
      expectedState: session.state,
      expectedNonce: session.nonce,
    });
    delete session.verifier;
    session.claims = tokens.claims();
    session.idToken = tokens.id_token;
    return redirect('/');
  }
  if (url.pathname === '/logout') {
    const idToken = session.idToken;
    delete session.claims;
    delete session.idToken;
    if (!idToken) return redirect('/');
    // RP-initiated logout: the product ends its session too and returns to a registered address.
    return redirect(
      oidc.buildEndSessionUrl(await configuration(), {
        id_token_hint: idToken,
        post_logout_redirect_uri: postLogoutRedirectUri,
      }),
    );
  }
  return send(404, page('<p>Not found.</p>'));
}

createServer((request, response) => {
  handle(request, response).catch((error) => {
    console.error(error);
    if (!response.headersSent) response.writeHead(502, { 'content-type': 'text/html; charset=utf-8' });
    response.end(
      page(
        `<p role="alert">Sign-in failed: ${html(error.error ?? error.message)}</p><p><a href="/">Back</a></p>`,
      ),
    );
  });
}).listen(port, host, () => console.log(`Example application on ${base} (issuer ${issuer.href})`));
