/**
 * A small but real OAuth2 / OpenID provider on node:http, standing in for Google in tests:
 * - GET  /authorize  checks client_id, redirect_uri, response_type=code and a S256 PKCE challenge,
 *                    then redirects back with `code` and `state` as the "signed-in" account, or
 *                    with `error` when the test asked for a refusal;
 * - POST /token      checks the client's id and secret (Basic or in the body), the code (single
 *                    use, 1 minute), the redirect_uri and the code_verifier against the challenge;
 * - GET  /userinfo   answers the account behind a Bearer access token.
 */
import { createHash, randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

export interface ProviderAccount {
  sub: string;
  email: string;
  email_verified?: boolean;
  name?: string;
  given_name?: string;
  family_name?: string;
}

export interface OAuthProviderOptions {
  clientId: string;
  clientSecret: string;
  /** Allowed redirect URIs; any when empty. */
  redirectUris?: string[];
  /** A fixed port (e2e: the app's GOOGLE_*_URL are set before it starts); a free one by default. */
  port?: number;
}

interface IssuedCode {
  clientId: string;
  redirectUri: string;
  challenge: string;
  account: ProviderAccount;
  scope: string;
  expiresAt: number;
  used: boolean;
}

export interface TokenRequestRecord {
  ok: boolean;
  error?: string;
  clientAuth: "basic" | "body" | "none";
}

export interface OAuthProvider {
  url: string;
  authorizeUrl: string;
  tokenUrl: string;
  userInfoUrl: string;
  /** The account /authorize signs in as next (until changed). */
  signInAs(account: ProviderAccount): void;
  /** The next /authorize answers `?error=<error>` instead of a code. */
  refuseNext(error: string): void;
  /** What /authorize last received. */
  lastAuthorizeQuery: URLSearchParams | null;
  tokenRequests: TokenRequestRecord[];
  close(): Promise<void>;
}

const base64url = (buffer: Buffer) => buffer.toString("base64url");

function json(response: ServerResponse, status: number, body: unknown) {
  response.writeHead(status, { "Content-Type": "application/json", "Cache-Control": "no-store" });
  response.end(JSON.stringify(body));
}

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

export async function startOAuthProvider(options: OAuthProviderOptions): Promise<OAuthProvider> {
  const codes = new Map<string, IssuedCode>();
  const accessTokens = new Map<string, { account: ProviderAccount; expiresAt: number }>();
  let account: ProviderAccount | null = null;
  let refusal: string | null = null;

  const provider = {
    lastAuthorizeQuery: null as URLSearchParams | null,
    tokenRequests: [] as TokenRequestRecord[],
  };

  function authorize(url: URL, response: ServerResponse) {
    const query = url.searchParams;
    provider.lastAuthorizeQuery = query;
    const redirectUri = query.get("redirect_uri") ?? "";
    // Errors before the redirect URI is trusted are shown to the user, never redirected.
    if (query.get("client_id") !== options.clientId) return json(response, 400, { error: "invalid_client" });
    if (!redirectUri || (options.redirectUris?.length && !options.redirectUris.includes(redirectUri))) {
      return json(response, 400, { error: "invalid_request", error_description: "redirect_uri" });
    }
    const back = new URL(redirectUri);
    const state = query.get("state");
    if (state) back.searchParams.set("state", state);
    const fail = (error: string) => {
      back.searchParams.set("error", error);
      response.writeHead(302, { Location: back.toString() });
      response.end();
    };
    if (query.get("response_type") !== "code") return fail("unsupported_response_type");
    if (query.get("code_challenge_method") !== "S256" || !query.get("code_challenge")) return fail("invalid_request");
    if (refusal) {
      const error = refusal;
      refusal = null;
      return fail(error);
    }
    if (!account) return fail("access_denied");
    const code = base64url(randomBytes(24));
    codes.set(code, {
      clientId: options.clientId,
      redirectUri,
      challenge: query.get("code_challenge")!,
      account,
      scope: query.get("scope") ?? "",
      expiresAt: Date.now() + 60_000,
      used: false,
    });
    back.searchParams.set("code", code);
    response.writeHead(302, { Location: back.toString() });
    response.end();
  }

  async function token(request: IncomingMessage, response: ServerResponse) {
    const body = new URLSearchParams(await readBody(request));
    let clientId = body.get("client_id");
    let clientSecret = body.get("client_secret");
    let clientAuth: TokenRequestRecord["clientAuth"] = clientSecret ? "body" : "none";
    const authorization = request.headers.authorization ?? "";
    if (authorization.startsWith("Basic ")) {
      const decoded = Buffer.from(authorization.slice(6), "base64").toString("utf8");
      const colon = decoded.indexOf(":");
      clientId = colon === -1 ? decoded : decoded.slice(0, colon);
      clientSecret = colon === -1 ? "" : decoded.slice(colon + 1);
      clientAuth = "basic";
    }
    const reject = (status: number, error: string) => {
      provider.tokenRequests.push({ ok: false, error, clientAuth });
      json(response, status, { error });
    };
    if (clientId !== options.clientId || clientSecret !== options.clientSecret) return reject(401, "invalid_client");
    if (body.get("grant_type") !== "authorization_code") return reject(400, "unsupported_grant_type");
    const issued = codes.get(body.get("code") ?? "");
    if (!issued || issued.used || issued.expiresAt < Date.now() || issued.clientId !== clientId)
      return reject(400, "invalid_grant");
    issued.used = true;
    if (body.get("redirect_uri") !== issued.redirectUri) return reject(400, "invalid_grant");
    const verifier = body.get("code_verifier") ?? "";
    if (!verifier || base64url(createHash("sha256").update(verifier).digest()) !== issued.challenge)
      return reject(400, "invalid_grant");
    const accessToken = base64url(randomBytes(24));
    accessTokens.set(accessToken, { account: issued.account, expiresAt: Date.now() + 3600_000 });
    provider.tokenRequests.push({ ok: true, clientAuth });
    json(response, 200, { access_token: accessToken, token_type: "Bearer", expires_in: 3600, scope: issued.scope });
  }

  function userInfo(request: IncomingMessage, response: ServerResponse) {
    const authorization = request.headers.authorization ?? "";
    const grant = authorization.startsWith("Bearer ") ? accessTokens.get(authorization.slice(7)) : undefined;
    if (!grant || grant.expiresAt < Date.now()) {
      response.setHeader("WWW-Authenticate", 'Bearer error="invalid_token"');
      return json(response, 401, { error: "invalid_token" });
    }
    json(response, 200, grant.account);
  }

  const server = createServer((request, response) => {
    const url = new URL(request.url ?? "/", "http://provider.test");
    Promise.resolve()
      .then(() => {
        if (request.method === "GET" && url.pathname === "/authorize") return authorize(url, response);
        if (request.method === "POST" && url.pathname === "/token") return token(request, response);
        if (request.method === "GET" && url.pathname === "/userinfo") return userInfo(request, response);
        json(response, 404, { error: "not_found" });
      })
      .catch((error: unknown) => json(response, 500, { error: "server_error", error_description: String(error) }));
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return Object.assign(provider, {
    url,
    authorizeUrl: `${url}/authorize`,
    tokenUrl: `${url}/token`,
    userInfoUrl: `${url}/userinfo`,
    signInAs(next: ProviderAccount) {
      account = next;
    },
    refuseNext(error: string) {
      refusal = error;
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  });
}
