/**
 * The generated client's default base URL, decided once per model: `generate` writes it, the CLI prints it, and its
 * warning (when the description's server was not taken) goes to stderr. The URL rule itself is the runtime's
 * (templates/runtime/urls.ts), so the generator never writes a default that `createClient` would refuse.
 */
import { DEFAULT_BASE_URL } from "../../templates/runtime/protocol.js";
import { readHttpUrl } from "../../templates/runtime/urls.js";
import type { OpenApiDocument } from "../description/document.js";

/** The facility's own host: relative `servers` URLs in its description (`/api/v1.2`) are relative to it. */
const FACILITY_ORIGIN = new URL(DEFAULT_BASE_URL).origin;
export const FALLBACK_BASE_URL: typeof DEFAULT_BASE_URL = DEFAULT_BASE_URL;

export interface BaseUrlChoice {
  /** The generated client's default `baseUrl`. */
  url: string;
  /** The description's `servers[0].url` it came from; absent when it is the built-in fallback. */
  server?: string;
  /** Why the description's server URL was not taken. */
  warning?: string;
}

/** The description's `servers[0].url`, whatever it holds. */
export function serverUrl(document: OpenApiDocument): unknown {
  return document.servers?.[0]?.url;
}

/**
 * Where the generated client sends calls, and so tokens, unless told otherwise. A description may name its server,
 * but only an https one the runtime accepts as a base URL: a relative URL (`/api/v1.2`) is below the facility's host;
 * anything else (http, other schemes, server variables, credentials, a query, `//`, a backslash, a space) gets the
 * facility's own URL and a warning.
 */
export function chooseBaseUrl(server: unknown): BaseUrlChoice {
  if (server === undefined) return { url: FALLBACK_BASE_URL };
  const refuse = (why: string): BaseUrlChoice => {
    const shown = JSON.stringify(
      typeof server === "string" && server.length > 100 ? server.slice(0, 97) + "..." : server,
    );
    return {
      url: FALLBACK_BASE_URL,
      warning:
        `servers[0].url ${shown} ${why} (at /servers/0/url); ` +
        `the client's default base URL is ${FALLBACK_BASE_URL}`,
    };
  };
  if (typeof server !== "string" || server.trim() === "") return refuse("is not a URL");
  if (server.includes("{")) return refuse("has server variables");
  const read = readHttpUrl(server, FACILITY_ORIGIN);
  if ("problem" in read) return refuse(read.problem);
  if (!read.url.startsWith("https:")) return refuse("is not an https URL");
  return { url: read.url, server };
}
