/**
 * The observed client, after openapi-fetch's own test helper `createObservedClient`: a client (either runtime copy)
 * whose every request goes to the handler you pass and nowhere else. Nothing is mocked: the runtime runs as it does
 * in production; only the network is replaced, and the observer records each request the way fetch would read it
 * (`new Request(input)` takes the request's own state, not its getters), so a request that lies about itself is
 * recorded as what it would really send. Token requests are answered with `tok-<n>` and counted apart.
 */
import { CLIENT_ID, rsaKey } from "./keys.js";
import { type LooseClient, type Variant, variants } from "./variants.js";

export const OBSERVED_BASE = "https://api.example.test/api/v1.2";
export const OBSERVED_TOKEN_URL = "https://auth.example.test/token";

/** One request as it would go on the wire. */
export interface Sent {
  method: string;
  url: string;
  authorization: string | null;
  body: string;
}

export interface Observed {
  client: LooseClient;
  /** API requests that reached the network, in order. */
  sent: Sent[];
  /** Token requests that reached the network. */
  tokenRequests: number;
}

let key: ReturnType<typeof rsaKey> | undefined;

export function createObservedClient(
  options: Record<string, unknown> & { color: string },
  onRequest: (request: Request) => Response | Promise<Response> = () => Response.json({ ok: true }),
  variant: Variant = variants[0]!,
): Observed {
  key ??= rsaKey();
  const observed: Observed = { client: undefined as never, sent: [], tokenRequests: 0 };
  const fetch = async (input: Request): Promise<Response> => {
    const request = new Request(input);
    if (request.url === OBSERVED_TOKEN_URL) {
      observed.tokenRequests++;
      return Response.json({ access_token: `tok-${observed.tokenRequests}`, expires_in: 600 });
    }
    const body = request.body === null ? "" : await request.clone().text();
    observed.sent.push({
      method: request.method,
      url: request.url,
      authorization: request.headers.get("authorization"),
      body,
    });
    return onRequest(request);
  };
  observed.client = variant.createClient({
    clientId: CLIENT_ID,
    privateKey: key.pkcs8,
    baseUrl: OBSERVED_BASE,
    tokenUrl: OBSERVED_TOKEN_URL,
    fetch,
    ...options,
  } as never);
  return observed;
}
