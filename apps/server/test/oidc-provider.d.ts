// oidc-provider ships no types; the tests use this much of it.
declare module 'oidc-provider' {
  import type { Server } from 'node:http';

  interface OidcContext {
    oidc: {
      client: { clientId: string };
      session: { accountId: string };
      provider: Provider;
    };
  }

  export default class Provider {
    constructor(issuer: string, configuration: Record<string, unknown>);
    listen(port: number, host?: string): Server;
    Grant: new (init: {
      clientId: string;
      accountId: string;
    }) => {
      addOIDCScope(scope: string): void;
      save(): Promise<string>;
    };
  }
  export type { OidcContext };
}
