/**
 * The runtime's errors: one base class, `SfapiError`, and a subclass per failure, each with a stable `code`
 * (like jose's `ERR_JWT_EXPIRED`). Every generated client carries its own copy of the runtime, so `instanceof` fails
 * across two clients; `SfapiError.is(e)` and `ScopeError.is(e)` check a registered symbol and the code instead, and
 * work across copies and realms. Errors carry only facts a caller can act on: never a key, an assertion or a token.
 */

const BRAND = Symbol.for("sfapi-gen.error");

export type SfapiErrorCode =
  | "ERR_SCOPE"
  | "ERR_CREDENTIALS"
  | "ERR_TOKEN"
  | "ERR_CLIENT_EXPIRED"
  | "ERR_KEY"
  | "ERR_CONFIG"
  | "ERR_TASK"
  | "ERR_RESPONSE"
  | "ERR_REDIRECT";

export class SfapiError extends Error {
  /** Stable across versions: branch on this, not on messages. */
  readonly code: SfapiErrorCode;

  constructor(code: SfapiErrorCode, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.code = code;
    Object.defineProperty(this, BRAND, { value: true });
  }

  /**
   * Is `value` this kind of error, from any copy of the runtime? `SfapiError.is(e)`: any of them, as `AnySfapiError`
   * (so `switch (e.code)` narrows); `ScopeError.is(e)`: a ScopeError (same `code`).
   */
  static is<T extends SfapiError>(
    this: { prototype: T; readonly code?: SfapiErrorCode },
    value: unknown,
  ): value is SfapiError extends T ? AnySfapiError : T {
    if (typeof value !== "object" || value === null || (value as Record<symbol, unknown>)[BRAND] !== true) return false;
    return this.code === undefined || (value as SfapiError).code === this.code;
  }
}

/** A call above the client's color, or to a path that matches no operation. Nothing was sent. */
export class ScopeError extends SfapiError {
  static readonly code = "ERR_SCOPE";
  override readonly name = "ScopeError";
  /** The operation's friendly name (`runCommand`), or `undefined` when the path matches no operation. */
  readonly operation: string | undefined;
  /** The level the call needs: a ladder level, or `undefined` when no color may make it. */
  readonly required: string | undefined;
  /** The client's configured color. */
  readonly color: string;
  readonly method: string;
  /** The request path below `baseUrl` (or the full URL when it is not below it). */
  readonly path: string;

  constructor(init: {
    message: string;
    operation?: string | undefined;
    required?: string | undefined;
    color: string;
    method: string;
    path: string;
  }) {
    super("ERR_SCOPE", init.message);
    this.operation = init.operation;
    this.required = init.required;
    this.color = init.color;
    this.method = init.method;
    this.path = init.path;
  }
}

/** A secured operation was called on a client created without credentials. Nothing was sent. */
export class CredentialsError extends SfapiError {
  static readonly code = "ERR_CREDENTIALS";
  override readonly name = "CredentialsError";

  constructor(message: string) {
    super("ERR_CREDENTIALS", message);
  }
}

/** The token endpoint refused or failed. `error`/`errorDescription` are RFC 6749 §5.2 fields when the server sent them. */
export class TokenError extends SfapiError {
  static readonly code = "ERR_TOKEN";
  override readonly name = "TokenError";
  /** The OAuth error code (`invalid_client`), or ours: `timeout`, `network_error`, `invalid_response`, `http_error`. */
  readonly error: string;
  readonly errorDescription: string | undefined;
  /** HTTP status of the last response, when there was one. */
  readonly status: number | undefined;
  /** How many token requests were made before giving up. */
  readonly attempts: number;

  constructor(init: {
    message: string;
    error: string;
    errorDescription?: string | undefined;
    status?: number | undefined;
    attempts: number;
    cause?: unknown;
  }) {
    super("ERR_TOKEN", init.message, init.cause === undefined ? undefined : { cause: init.cause });
    this.error = init.error;
    this.errorDescription = init.errorDescription;
    this.status = init.status;
    this.attempts = init.attempts;
  }
}

/** `clientExpiresAt` has passed: the facility would refuse the client, so no token is requested. */
export class ClientExpiredError extends SfapiError {
  static readonly code = "ERR_CLIENT_EXPIRED";
  override readonly name = "ClientExpiredError";
  readonly expiredAt: Date;

  constructor(expiredAt: Date) {
    super(
      "ERR_CLIENT_EXPIRED",
      `The API client expired at ${expiredAt.toISOString()}; create a new client in Iris and update clientId/privateKey`,
    );
    this.expiredAt = expiredAt;
  }
}

/** The private key could not be used: unreadable, too widely readable, not RSA, too short, or a public key. */
export class KeyError extends SfapiError {
  static readonly code = "ERR_KEY";
  override readonly name = "KeyError";
  /** The key file, when the key came from one. */
  readonly file: string | undefined;

  constructor(message: string, file?: string) {
    super("ERR_KEY", message);
    this.file = file;
  }
}

/** createClient options that cannot work (unknown color, bad ladder, malformed URL, key without client ID...). */
export class ConfigError extends SfapiError {
  static readonly code = "ERR_CONFIG";
  override readonly name = "ConfigError";

  constructor(message: string) {
    super("ERR_CONFIG", message);
  }
}

/** `waitForTask` gave up: the task was still running at the deadline, or reading it failed. */
export class TaskError extends SfapiError {
  static readonly code = "ERR_TASK";
  override readonly name = "TaskError";
  readonly taskId: string;
  /** HTTP status when reading the task failed; undefined on a timeout. */
  readonly status: number | undefined;
  /** The last task state seen, if any. */
  readonly lastStatus: string | null | undefined;

  constructor(init: {
    message: string;
    taskId: string;
    status?: number | undefined;
    lastStatus?: string | null | undefined;
  }) {
    super("ERR_TASK", init.message);
    this.taskId = init.taskId;
    this.status = init.status;
    this.lastStatus = init.lastStatus;
  }
}

/** The API redirected a call made with `redirect: "error"` (fetch would throw a TypeError here). */
export class RedirectError extends SfapiError {
  static readonly code = "ERR_REDIRECT";
  override readonly name = "RedirectError";
  /** The 3xx status the API answered. */
  readonly status: number;

  constructor(init: { message: string; status: number }) {
    super("ERR_REDIRECT", init.message);
    this.status = init.status;
  }
}

/** A named operation got a non-2xx answer. `body` is the answer, parsed as JSON when it is JSON. */
export class ResponseError<Body = unknown> extends SfapiError {
  static readonly code = "ERR_RESPONSE";
  override readonly name = "ResponseError";
  /** The operation's friendly name (`submitJob`). */
  readonly operation: string;
  readonly status: number;
  readonly body: Body;
  declare readonly response: Response;

  constructor(init: { operation: string; method: string; path: string; response: Response; body: Body }) {
    super(
      "ERR_RESPONSE",
      `${init.operation} (${init.method} ${init.path}) answered HTTP ${init.response.status}${detailOf(init.body)}`,
    );
    this.operation = init.operation;
    this.status = init.response.status;
    this.body = init.body;
    // Not enumerable: JSON.stringify(error) and util.inspect stay short; the response is there for who asks.
    Object.defineProperty(this, "response", { value: init.response, enumerable: false });
  }
}

/** FastAPI's `{"detail": "..."}` (or a short text body) in the message, cut to a readable length. */
function detailOf(body: unknown): string {
  const detail =
    typeof body === "string"
      ? body
      : body && typeof body === "object" && "detail" in body
        ? (body as { detail: unknown }).detail
        : undefined;
  if (typeof detail !== "string" || detail.trim() === "") return "";
  const line = detail.replace(/\s+/g, " ").trim();
  return `: ${line.length > 200 ? `${line.slice(0, 200)}…` : line}`;
}

/**
 * Every error the runtime throws, discriminated by `code` (as jose's errors are): after `SfapiError.is(e)`,
 * `switch (e.code) { case "ERR_SCOPE": e.required; ... }` narrows to the class. A new error class joins here and in
 * PUBLIC_ERRORS.
 */
export type AnySfapiError =
  | Coded<typeof ScopeError>
  | Coded<typeof CredentialsError>
  | Coded<typeof TokenError>
  | Coded<typeof ClientExpiredError>
  | Coded<typeof KeyError>
  | Coded<typeof ConfigError>
  | Coded<typeof TaskError>
  | Coded<typeof RedirectError>
  | Coded<typeof ResponseError>;

/** An error class's instances with `code` narrowed to the class's own (`ScopeError` -> `"ERR_SCOPE"`). */
type Coded<C extends { prototype: SfapiError; readonly code: SfapiErrorCode }> = C["prototype"] & {
  readonly code: C["code"];
};

/** The error classes a generated client exports to its users (by name), for `instanceof` and `.is`. */
export const PUBLIC_ERRORS = [
  "ClientExpiredError",
  "ConfigError",
  "CredentialsError",
  "KeyError",
  "RedirectError",
  "ResponseError",
  "ScopeError",
  "SfapiError",
  "TaskError",
  "TokenError",
] as const;
