/** What the facility's handlers see of a request and give back; the server turns a Reply into bytes. */
import type { IncomingHttpHeaders } from "node:http";

export interface FacilityRequest {
  method: string;
  /** Parsed against the facility's own origin; `pathname` is still percent-encoded. */
  url: URL;
  headers: IncomingHttpHeaders;
  body: Buffer;
  /** The peer's address as the socket reports it (`127.0.0.1`, `::1`, `::ffff:127.0.0.1`). */
  remoteAddress: string;
}

export interface Reply {
  status: number;
  /** Sent as JSON; undefined sends no body. */
  body?: unknown;
  /** JSON text sent byte for byte instead of `body` (the description, so its SHA-256 survives the trip). */
  rawJson?: string;
  /** Text sent byte for byte with only `headers` (a test hook's scripted answer, which may be anything). */
  text?: string;
  headers?: Record<string, string>;
  /** The authenticated client, for the request log (the facility adds its color). */
  clientId?: string;
  color?: string;
}

export function reply(status: number, body?: unknown, headers?: Record<string, string>): Reply {
  return { status, body, headers };
}

/** FastAPI's error shape: `{"detail": "..."}`. */
export function detail(status: number, message: string, headers?: Record<string, string>): Reply {
  return reply(status, { detail: message }, headers);
}

/**
 * The media type of a request, lowercased, without parameters (`application/json; charset=utf-8` ->
 * `application/json`).
 */
export function mediaType(headers: IncomingHttpHeaders): string {
  return (headers["content-type"] ?? "").split(";")[0]!.trim().toLowerCase();
}

/** The form media type, as the runtime names it. */
export { FORM_MEDIA_TYPE as FORM } from "../../templates/runtime/protocol.js";
