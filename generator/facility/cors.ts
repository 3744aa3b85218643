/**
 * Cross-origin calls from pages, for the origins the facility was told to allow (`--cors`): a preflight (OPTIONS with
 * `Access-Control-Request-Method`) from such an origin gets 204 with what the facility's clients need (the methods of
 * the API, POST for the token endpoint, the Authorization and Content-Type headers), and every other answer to such an
 * origin says it may be read, exposing `Retry-After` (the runtime honours it on 429). An origin not allowed gets no
 * CORS headers at all, so the browser blocks the call, as at a facility that does not allow the page; its preflight
 * is answered as any OPTIONS is (405).
 */
import { OptionError } from "../errors.js";
import type { FacilityRequest, Reply } from "./http.js";

/** How long a browser may keep a preflight's answer (seconds). */
const MAX_AGE_S = "600";

export class Cors {
  readonly #any: boolean;
  readonly #origins: ReadonlySet<string>;
  readonly #methods: string;

  constructor(origins: readonly string[], methods: readonly string[]) {
    this.#any = origins.includes("*");
    this.#origins = new Set(origins);
    this.#methods = [...new Set(["POST", ...methods.map((m) => m.toUpperCase())])].sort().join(", ");
  }

  /** The allowed origin a request comes from; undefined for a request from no page, or from one not allowed. */
  #allowed(request: FacilityRequest): string | undefined {
    const origin = request.headers.origin;
    if (typeof origin !== "string" || origin === "") return undefined;
    return this.#any || this.#origins.has(origin) ? origin : undefined;
  }

  /** The answer to a preflight from an allowed origin; undefined for anything else (answered as usual). */
  preflight(request: FacilityRequest): Reply | undefined {
    if (request.method !== "OPTIONS" || request.headers["access-control-request-method"] === undefined) return;
    const origin = this.#allowed(request);
    if (origin === undefined) return;
    return {
      status: 204,
      headers: {
        "access-control-allow-origin": origin,
        "access-control-allow-methods": this.#methods,
        "access-control-allow-headers": "Authorization, Content-Type",
        "access-control-max-age": MAX_AGE_S,
        vary: "Origin",
      },
    };
  }

  /** `answer`, readable by the page when it comes from an allowed origin. */
  decorate(request: FacilityRequest, answer: Reply): Reply {
    const origin = this.#allowed(request);
    if (origin === undefined) return answer;
    return {
      ...answer,
      headers: {
        ...answer.headers,
        "access-control-allow-origin": origin,
        "access-control-expose-headers": "Retry-After",
        vary: "Origin",
      },
    };
  }
}

/** `*`, or origins as a browser sends them: scheme, host and port only (`http://localhost:5173`). */
export function checkOrigins(origins: readonly string[]): string[] {
  for (const origin of origins) {
    if (origin === "*") continue;
    let parsed: URL | undefined;
    try {
      parsed = new URL(origin);
    } catch {
      parsed = undefined;
    }
    if (!parsed || !/^https?:$/.test(parsed.protocol) || parsed.origin !== origin)
      throw new OptionError(
        `cors origin ${JSON.stringify(origin)} must be "*" or an origin such as http://localhost:5173 ` +
          "(scheme, host and port; no path or trailing slash)",
      );
  }
  return [...origins];
}
