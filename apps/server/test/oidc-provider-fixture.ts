import type { Server } from 'node:http';
import Provider, { type OidcContext } from 'oidc-provider';

/**
 * An OpenID provider for the sign-in tests (the `oidc-provider` package) on a loopback port, with one
 * confidential client, PKCE required, and accounts whose claims a test can change between logins. The login
 * screen is the package's development one, driven by `authorize()` below with a small cookie jar.
 */
export interface AccountClaims {
  preferred_username: string;
  name: string;
  email: string;
}

export interface TestProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  accounts: Map<string, AccountClaims>;
  /** Follows an authorization URL through the provider's login as `subject`; answers the redirect back. */
  authorize(authorizationUrl: string, subject: string): Promise<URL>;
  stop(): Promise<void>;
}

export async function startProvider(port: number, redirectUri: string): Promise<TestProvider> {
  const issuer = `http://127.0.0.1:${port}`;
  const accounts = new Map<string, AccountClaims>();
  const clientId = 'quire-test';
  const clientSecret = 'quire-test-secret-0123456789';
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: [redirectUri],
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_post',
      },
    ],
    pkce: { required: () => true },
    claims: { openid: ['sub'], profile: ['name', 'preferred_username'], email: ['email'] },
    cookies: { keys: ['quire-test-cookie-key'] },
    findAccount: (_ctx: unknown, sub: string) => {
      const claims = accounts.get(sub);
      if (!claims) return undefined;
      return { accountId: sub, claims: () => ({ sub, ...claims }) };
    },
    // Consent is granted without a screen, so a login is one form post.
    loadExistingGrant: async (ctx: OidcContext) => {
      const grant = new ctx.oidc.provider.Grant({
        clientId: ctx.oidc.client.clientId,
        accountId: ctx.oidc.session.accountId,
      });
      grant.addOIDCScope('openid profile email');
      await grant.save();
      return grant;
    },
  });
  const server: Server = provider.listen(port, '127.0.0.1');
  await new Promise<void>((resolve) => server.once('listening', () => resolve()));

  async function authorize(authorizationUrl: string, subject: string): Promise<URL> {
    const jar = new Map<string, string>();
    const remember = (response: Response) => {
      for (const line of response.headers.getSetCookie()) {
        const [pair = ''] = line.split(';');
        const index = pair.indexOf('=');
        jar.set(pair.slice(0, index), pair.slice(index + 1));
      }
    };
    const cookie = () => [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
    let url = new URL(authorizationUrl);
    for (let hop = 0; hop < 10; hop++) {
      if (url.origin !== issuer) return url;
      const isInteraction = url.pathname.startsWith('/interaction/');
      const response = await fetch(url, {
        method: isInteraction ? 'POST' : 'GET',
        redirect: 'manual',
        headers: {
          cookie: cookie(),
          ...(isInteraction ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
        },
        ...(isInteraction
          ? { body: new URLSearchParams({ prompt: 'login', login: subject }).toString() }
          : {}),
      });
      remember(response);
      const location = response.headers.get('location');
      if (!location)
        throw new Error(`provider answered ${response.status} at ${url.pathname}: ${await response.text()}`);
      url = new URL(location, url);
    }
    throw new Error('too many redirects at the provider');
  }

  return {
    issuer,
    clientId,
    clientSecret,
    accounts,
    authorize,
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
