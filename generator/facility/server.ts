/**
 * The facility's HTTP server: reads each request body up to a cap (413 beyond it), hands a FacilityRequest to the
 * handler, writes the Reply as JSON and logs method, path, status and client. Nothing a caller sends can crash it:
 * protocol errors get a 400 and a handler that throws gets a 500 without details.
 *
 * The request target is read as sent, by the runtime's one path reader (templates/runtime/path.ts), before the URL
 * parser normalises it: that parser resolves `..` and `%2E%2E`, turns `\` into `/` and drops tabs, so
 * `/x/%2E%2E/utilities\command\perlmutter` would reach the command endpoint that the guard refused to send to. What
 * the reader refuses is answered here: malformed percent-encoding 400, dot-segments, backslashes and control
 * characters 404 (no route has them), as the router answers them.
 */

import type { IncomingMessage, Server, ServerResponse } from "node:http";
import { createServer } from "node:http";
import { readPath } from "../../templates/runtime/path.js";
import { isLoopbackAddress, namesLoopback } from "../../templates/runtime/urls.js";
import type { FacilityRequest, Reply } from "./http.js";
import { detail } from "./http.js";

export interface RequestLogEntry {
  /** Milliseconds since the epoch, when the request arrived. */
  at: number;
  method: string;
  /** Path without the query string (never headers or bodies: those may hold assertions and tokens). */
  path: string;
  status: number;
  /** The client the request authenticated as, when it did, and its color. */
  clientId?: string;
  color?: string;
}

const EMPTY = Buffer.alloc(0);

/** Logged paths are cut to this many characters, so the log stays bounded whatever URLs arrive. */
const MAX_LOGGED_PATH = 512;

export interface ServerOptions {
  maxBodyBytes: number;
  /** Entries beyond this drop the oldest, so a long-running facility stays bounded. */
  maxLogEntries?: number;
  now?: () => number;
  /** Called once per request answered (the `sfapi-gen mock` command prints a line for each). */
  onRequest?: (entry: RequestLogEntry) => void;
}

export type Handler = (request: FacilityRequest) => Promise<Reply>;

/**
 * The last `capacity` entries, in a ring: adding one past the bound overwrites the oldest in place (an array's
 * `splice(0, 1)` moves every entry, per request, once the log is full).
 */
export class RequestLog {
  readonly #entries: RequestLogEntry[] = [];
  /** Where the oldest entry is, once the ring is full. */
  #start = 0;

  constructor(readonly capacity: number) {}

  get length(): number {
    return this.#entries.length;
  }

  add(entry: RequestLogEntry): void {
    if (this.#entries.length < this.capacity) this.#entries.push(entry);
    else {
      this.#entries[this.#start] = entry;
      this.#start = (this.#start + 1) % this.capacity;
    }
  }

  /** The entries, oldest first (a copy). */
  toArray(): RequestLogEntry[] {
    return [...this.#entries.slice(this.#start), ...this.#entries.slice(0, this.#start)];
  }
}

export function createFacilityServer(handler: Handler, options: ServerOptions): { server: Server; log: RequestLog } {
  const log = new RequestLog(options.maxLogEntries ?? 10_000);
  const now = options.now ?? Date.now;

  const server = createServer(async (req, res) => {
    const at = now();
    const record = (status: number, clientId?: string, color?: string) => {
      const entry: RequestLogEntry = {
        at,
        method: (req.method ?? "").slice(0, 32),
        path: pathOf(req.url),
        status,
        ...(clientId ? { clientId } : {}),
        ...(color ? { color } : {}),
      };
      log.add(entry);
      try {
        options.onRequest?.(entry);
      } catch {
        // A listener's failure is its own; the answer still goes out.
      }
    };
    let answer: Reply;
    try {
      // On the loopback, only requests that name this server (urls.ts's rule, against DNS rebinding).
      answer =
        isLoopbackAddress(req.socket.localAddress) && !namesLoopback(req.headers.host, req.socket.localPort ?? 0)
          ? misdirected(req)
          : await respond(req, handler, options.maxBodyBytes);
    } catch {
      answer = detail(500, "internal error in the local facility");
    }
    record(answer.status, answer.clientId, answer.color);
    send(res, answer);
  });
  // Malformed HTTP never reaches the handler: answer 400 and drop the connection.
  server.on("clientError", (_error, socket) => {
    if (socket.writable) socket.end("HTTP/1.1 400 Bad Request\r\nconnection: close\r\ncontent-length: 0\r\n\r\n");
    else socket.destroy();
  });
  return { server, log };
}

/** A request naming another host: a page whose DNS name was rebound to 127.0.0.1 gets nothing from us. */
function misdirected(req: IncomingMessage): Reply {
  req.resume();
  return detail(421, "the Host header must name this server (127.0.0.1:<port> or localhost:<port>)");
}

async function respond(req: IncomingMessage, handler: Handler, maxBodyBytes: number): Promise<Reply> {
  // A path that does not start with "/" (`http://other/x`, `*`) is not for us.
  if (!req.url?.startsWith("/")) return detail(400, "the request target must be a path");
  const reading = readPath(req.url);
  if ("refused" in reading) {
    req.resume();
    return reading.refused === "escape"
      ? detail(400, "the request path is not valid percent-encoding")
      : detail(404, "Not Found");
  }
  const declared = Number(req.headers["content-length"] ?? 0);
  if (declared > maxBodyBytes) return tooLarge(req, maxBodyBytes);
  // A request that declares no body (no length, no chunks) has none: nothing to wait for.
  const bodiless = req.headers["content-length"] === undefined && req.headers["transfer-encoding"] === undefined;
  if (bodiless) req.resume();
  const body = bodiless ? EMPTY : await readBody(req, maxBodyBytes);
  if (body === undefined) return tooLarge(req, maxBodyBytes);
  return handler({
    method: req.method ?? "GET",
    url: new URL(`http://facility${req.url}`),
    headers: req.headers,
    body,
    remoteAddress: req.socket.remoteAddress ?? "",
  });
}

/** The body, or undefined once it passes the cap (the rest is then drained unread). */
function readBody(req: IncomingMessage, maxBytes: number): Promise<Buffer | undefined> {
  return new Promise((resolvePromise, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let over = false;
    req.on("data", (chunk: Buffer) => {
      if (over) return;
      size += chunk.length;
      if (size > maxBytes) {
        over = true;
        chunks.length = 0;
        resolvePromise(undefined);
      } else chunks.push(chunk);
    });
    req.on("end", () => {
      if (!over) resolvePromise(Buffer.concat(chunks));
    });
    req.on("error", reject);
    // A client that hangs up mid-body settles the read too, so no request is left waiting forever.
    req.on("close", () => {
      if (!req.complete) reject(new Error("the client closed the connection before the body ended"));
    });
  });
}

function tooLarge(req: IncomingMessage, maxBytes: number): Reply {
  req.resume();
  return { ...detail(413, `request body larger than ${maxBytes} bytes`), headers: { connection: "close" } };
}

/**
 * Writes the answer. Turning it into text can fail (a body past V8's string limit throws a RangeError): that, like any
 * other failure here, becomes a bare 500, never an exception that ends the process.
 */
function send(res: ServerResponse, answer: Reply): void {
  if (res.headersSent || res.destroyed) return;
  if (answer.text !== undefined) {
    try {
      res.writeHead(answer.status, answer.headers ?? {});
      res.end(answer.text);
    } catch {
      res.destroy();
    }
    return;
  }
  let text: string;
  try {
    text = answer.rawJson ?? (answer.body === undefined ? "" : JSON.stringify(answer.body));
  } catch {
    answer = detail(500, "internal error in the local facility: the answer could not be written");
    text = JSON.stringify(answer.body);
  }
  try {
    res.writeHead(answer.status, { ...(text ? { "content-type": "application/json" } : {}), ...answer.headers });
    res.end(text);
  } catch {
    res.destroy();
  }
}

function pathOf(url: string | undefined): string {
  const path = (url ?? "").split("?")[0]!;
  return path.length > MAX_LOGGED_PATH ? `${path.slice(0, MAX_LOGGED_PATH)}...` : path;
}
