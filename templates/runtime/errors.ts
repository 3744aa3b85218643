/**
 * The runtime's errors: one base class, `SfapiError`, and a subclass per failure, each with a stable `code`
 * (like jose's `ERR_JWT_EXPIRED`). Every generated client carries its own copy of the runtime, so `instanceof` fails
 * across two clients; `SfapiError.is(e)` and `ScopeError.is(e)` check a registered symbol and the code instead, and
 * work across copies and realms. Errors carry only facts a caller can act on: never a key, an assertion or a token.
 * Nothing declared here makes a call to the facility: `needs` counts no member of this module as a use
 * (generator/usage/capabilities.ts), so keep every calling member out of it.
 */

const BRAND = Symbol.for("sfapi-gen.error");

/**
 * The base of every runtime error; abstract, as only a subclass has a code. Every class takes one init object: its
 * fields, `message` (unless the class builds it from them) and, as `Error` does, an optional `cause`. A subclass
 * declares each field once: its init type is computed from them, and one `assign` copies them in.
 */
export abstract class SfapiError extends Error {
  /** Stable across versions: branch on this, not on messages. The class's static `code`, written once per class. */
  readonly code: SfapiErrorCode;

  constructor(init: { message: string; cause?: unknown }) {
    super(init.message, init.cause === undefined ? undefined : { cause: init.cause });
    this.code = (new.target as unknown as { readonly code: SfapiErrorCode }).code;
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

/**
 * Sets the fields `error`'s class declares (its own enumerable keys but `code` and `name`, which class fields define in
 * their order) from `init`, once; a key `init` leaves undefined keeps its initial value. Only declared fields: anything
 * else in `init` never reaches the error. (A field that cannot be undefined is declared with `!`: this sets it.)
 */
function assign(error: SfapiError, init: object): void {
  const from = init as Record<string, unknown>;
  const to = error as unknown as Record<string, unknown>;
  for (const key of Object.keys(error))
    if (key !== "code" && key !== "name" && from[key] !== undefined) to[key] = from[key];
}

/**
 * The init object of a class that builds its message, computed from the fields it declares: each of them (optional
 * where the field may be `undefined`) and an optional `cause`.
 */
type Fields<E> = { cause?: unknown } & {
  [K in Exclude<keyof E, keyof SfapiError> as undefined extends E[K] ? K : never]?: E[K];
} & { [K in Exclude<keyof E, keyof SfapiError> as undefined extends E[K] ? never : K]: E[K] };

/** A class's init object: its fields (as `Fields`) and its `message`. */
type Init<E> = { message: string } & Fields<E>;

/**
 * A call above the client's color (or beyond its grant of OAuth2 scopes), or to a path that matches no operation.
 * Nothing was sent.
 */
export class ScopeError extends SfapiError {
  static readonly code = "ERR_SCOPE";
  override readonly name = "ScopeError";
  /** The operation's friendly name (`runCommand`), or `undefined` when the path matches no operation. */
  readonly operation: string | undefined;
  /** The level the call needs: a ladder level, or `undefined` when no color may make it (and for a scopes client). */
  readonly required: string | undefined;
  /** The client's configured color; `""` for a client of OAuth2 scopes (its grant is `grant`). */
  readonly color!: string;
  /**
   * A client of OAuth2 scopes: the scopes the call lacks, those of the operation's alternative that lacks fewest (every
   * scope the API names that the grant lacks, for a path no operation has; empty when the call was refused for its
   * path's form, not its scopes). `undefined` for a color client.
   */
  readonly missing: readonly string[] | undefined;
  /** A client of OAuth2 scopes: the scopes it was granted (`createClient`'s `scopes`); `undefined` for a color one. */
  readonly grant: readonly string[] | undefined;
  readonly method!: string;
  /** The request path below `baseUrl` (or the full URL when it is not below it). */
  readonly path!: string;

  constructor(init: Init<ScopeError>) {
    super(init);
    assign(this, init);
  }
}

/** A secured operation was called on a client created without credentials. Nothing was sent. */
export class CredentialsError extends SfapiError {
  static readonly code = "ERR_CREDENTIALS";
  override readonly name = "CredentialsError";
}

/**
 * The token endpoint refused or failed. `error`/`errorDescription` are RFC 6749 §5.2 fields when the server sent them.
 */
export class TokenError extends SfapiError {
  static readonly code = "ERR_TOKEN";
  override readonly name = "TokenError";
  /** The OAuth error code (`invalid_client`), or ours: `timeout`, `network_error`, `invalid_response`, `http_error`. */
  readonly error!: string;
  readonly errorDescription: string | undefined;
  /** HTTP status of the last response, when there was one. */
  readonly status: number | undefined;
  /** How many token requests were made before giving up. */
  readonly attempts!: number;

  constructor(init: Init<TokenError>) {
    super(init);
    assign(this, init);
  }
}

/** `clientExpiresAt` has passed: the facility would refuse the client, so no token is requested. */
export class ClientExpiredError extends SfapiError {
  static readonly code = "ERR_CLIENT_EXPIRED";
  override readonly name = "ClientExpiredError";
  readonly expiredAt!: Date;
  /** The key file whose `expires_at` said so, when one did. */
  readonly file: string | undefined;

  constructor(init: Fields<ClientExpiredError>) {
    const message =
      `The API client ${init.file === undefined ? "" : `of the key file ${init.file} `}expired at ` +
      `${init.expiredAt.toISOString()}; create a new client in Iris and ` +
      (init.file === undefined ? "update clientId/privateKey" : "use its key file (or folder) instead");
    super({ message, cause: init.cause });
    assign(this, init);
  }
}

/** The private key could not be used: unreadable, too widely readable, not RSA, too short, or a public key. */
export class KeyError extends SfapiError {
  static readonly code = "ERR_KEY";
  override readonly name = "KeyError";
  /** The key file, when the key came from one. */
  readonly file: string | undefined;

  constructor(init: Init<KeyError>) {
    super(init);
    assign(this, init);
  }
}

/** createClient options that cannot work (unknown color, bad ladder, malformed URL, key without client ID...). */
export class ConfigError extends SfapiError {
  static readonly code = "ERR_CONFIG";
  override readonly name = "ConfigError";
}

/** `waitForTask` gave up: the task was still running at the deadline, or reading it failed. */
export class TaskError extends SfapiError {
  static readonly code = "ERR_TASK";
  override readonly name = "TaskError";
  readonly taskId!: string;
  /** HTTP status when reading the task failed; undefined on a timeout. */
  readonly status: number | undefined;
  /** The last task state seen, if any. */
  readonly lastStatus: string | null | undefined;

  constructor(init: Init<TaskError>) {
    super(init);
    assign(this, init);
  }
}

/**
 * A call got no answer: the connection was refused or reset, the name did not resolve, or no attempt answered within
 * `callRetry.timeoutMs`; in a browser, also a request the browser blocked (CORS) or made offline, which the page cannot
 * tell apart and which is not retried. GET, HEAD and OPTIONS are retried first, within `callRetry.totalMs`. The message
 * names the method, the origin and the path tried (never a query, a header or a token); `cause` is the last failure.
 */
export class NetworkError extends SfapiError {
  static readonly code = "ERR_NETWORK";
  override readonly name = "NetworkError";
  /** The origin the call tried (`https://api.nersc.gov`): scheme, host and port, never credentials. */
  readonly origin: string | undefined;
  /** Attempts made, the first included. */
  readonly attempts: number = 1;

  constructor(init: Omit<Init<NetworkError>, "attempts"> & { attempts?: number }) {
    super(init);
    assign(this, init);
  }
}

/** The API redirected a call made with `redirect: "error"` (fetch would throw a TypeError here). */
export class RedirectError extends SfapiError {
  static readonly code = "ERR_REDIRECT";
  override readonly name = "RedirectError";
  /** The 3xx status the API answered. */
  readonly status!: number;

  constructor(init: Init<RedirectError>) {
    super(init);
    assign(this, init);
  }
}

/** A named operation got a non-2xx answer. `body` is the answer, parsed as JSON when it is JSON. */
export class ResponseError<Body = unknown> extends SfapiError {
  static readonly code = "ERR_RESPONSE";
  override readonly name = "ResponseError";
  /** The operation's friendly name (`submitJob`). */
  readonly operation!: string;
  readonly status!: number;
  readonly body!: Body;
  /** What the facility said: FastAPI's `detail` as one line (validation errors as `where: msg; ...`), if any. */
  readonly detail: string | undefined;
  declare readonly response: Response;

  constructor(init: {
    operation: string;
    method: string;
    path: string;
    response: Response;
    body: Body;
    cause?: unknown;
  }) {
    const { operation, response, body } = init;
    const message = `${operation} (${init.method} ${init.path}) answered HTTP ${response.status}${detailOf(body)}`;
    super({ message, cause: init.cause });
    assign(this, { operation, status: response.status, body, detail: detailText(body) });
    // Not enumerable: JSON.stringify(error) and util.inspect stay short; the response is there for who asks.
    Object.defineProperty(this, "response", { value: response, enumerable: false });
  }
}

/**
 * FastAPI's `detail`, as one line: a string as it came, a validation error list (422) as `where: msg` items joined by
 * "; " (`body.executable: Field required`), or a short text body; cut to a readable length. Undefined when absent.
 */
export function detailText(body: unknown): string | undefined {
  const detail =
    typeof body === "string"
      ? body
      : body && typeof body === "object" && "detail" in body
        ? (body as { detail: unknown }).detail
        : undefined;
  const text = Array.isArray(detail)
    ? detail.map(validationItem).join("; ")
    : typeof detail === "string"
      ? detail
      : detail !== undefined && detail !== null
        ? JSON.stringify(detail)
        : undefined;
  if (text === undefined || text.trim() === "") return undefined;
  const line = text.replace(/\s+/g, " ").trim();
  return line.length > 500 ? `${line.slice(0, 500)}…` : line;
}

/**
 * One FastAPI validation error (`{ loc: ["body", "executable"], msg: "Field required" }`) as `body.executable: Field
 * required`.
 */
function validationItem(item: unknown): string {
  if (!item || typeof item !== "object") return String(item);
  const { loc, msg } = item as { loc?: unknown; msg?: unknown };
  const where = Array.isArray(loc) ? loc.map(String).join(".") : undefined;
  const what = typeof msg === "string" ? msg : JSON.stringify(item);
  return where ? `${where}: ${what}` : what;
}

function detailOf(body: unknown): string {
  const text = detailText(body);
  return text === undefined ? "" : `: ${text}`;
}

// ---- workflow helpers (`client.compute(machine)`) ------------------------------------------------------------------

/** `compute.run(command)`: the command failed (non-zero exit, an error, or its task failed or was cancelled). */
export class CommandError extends SfapiError {
  static readonly code = "ERR_COMMAND";
  override readonly name = "CommandError";
  readonly machine!: string;
  readonly command!: string;
  /** The command's exit code, when the facility reported one. */
  readonly exitCode: number | undefined;
  /** What the facility said went wrong (the task result's `error`), if anything. */
  readonly error: string | undefined;
  /** What the command printed before it failed. */
  readonly output: string | undefined;
  readonly taskId!: string;
  /** The task's final status (`completed`, `failed`, `cancelled`). */
  readonly taskStatus: string | undefined;

  constructor(init: Fields<CommandError>) {
    const why =
      init.taskStatus !== undefined && init.taskStatus !== "completed"
        ? `its task ${init.taskId} ended ${init.taskStatus}`
        : init.exitCode !== undefined && init.exitCode !== 0
          ? `exit code ${init.exitCode}`
          : "it failed";
    const said = init.error ? `: ${oneLine(init.error)}` : "";
    const command = JSON.stringify(oneLine(init.command));
    super({ message: `Command ${command} on ${init.machine}: ${why}${said}`, cause: init.cause });
    assign(this, init);
  }
}

/**
 * A batch job did not end well: it ended in a state other than COMPLETED (FAILED, TIMEOUT, CANCELLED, ...), the
 * submission was refused, it was not found, or waiting for it timed out (`reason` says which).
 */
export class JobError extends SfapiError {
  static readonly code = "ERR_JOB";
  override readonly name = "JobError";
  /** Why: it ended in a bad `state`, the `submit` was refused, it was `not-found`, a `query` failed, or a `timeout`. */
  readonly reason!: "state" | "submit" | "not-found" | "query" | "timeout";
  readonly machine!: string;
  /** The job id; undefined when the submission was refused before the scheduler gave one. */
  readonly jobId: string | undefined;
  /** The last Slurm state seen (`FAILED`, `TIMEOUT`, `PENDING` at a timeout, ...). */
  readonly state: string | undefined;
  /** The last job record read, if any. */
  readonly record: Readonly<Record<string, unknown>> | undefined;
  /** What the facility said (sbatch's error for a refused submission). */
  readonly error: string | undefined;

  constructor(init: Init<JobError>) {
    super(init);
    assign(this, init);
  }
}

/** `compute.ls`, `download` or `upload`: the facility answered, but with `status: "ERROR"` (no such file, ...). */
export class FileError extends SfapiError {
  static readonly code = "ERR_FILE";
  override readonly name = "FileError";
  readonly machine!: string;
  readonly path!: string;
  /** The operation's friendly name (`readDirectory`). */
  readonly operation!: string;
  /** What the facility said. */
  readonly error: string | undefined;

  constructor(init: Fields<FileError>) {
    const said = init.error ? `: ${oneLine(init.error)}` : "";
    super({ message: `${init.operation} ${init.path} on ${init.machine} failed${said}`, cause: init.cause });
    assign(this, init);
  }
}

function oneLine(text: string): string {
  const line = text.replace(/\s+/g, " ").trim();
  return line.length > 300 ? `${line.slice(0, 300)}…` : line;
}

/**
 * The one list of the runtime's error classes (the base aside). The code union, `AnySfapiError` and the names a
 * generated client exports (`PUBLIC_ERRORS`, in public-errors.ts) are all computed from it: a new class joins here,
 * and nowhere else.
 */
export const SFAPI_ERRORS: {
  readonly ScopeError: typeof ScopeError;
  readonly CredentialsError: typeof CredentialsError;
  readonly TokenError: typeof TokenError;
  readonly ClientExpiredError: typeof ClientExpiredError;
  readonly KeyError: typeof KeyError;
  readonly ConfigError: typeof ConfigError;
  readonly TaskError: typeof TaskError;
  readonly RedirectError: typeof RedirectError;
  readonly ResponseError: typeof ResponseError;
  readonly CommandError: typeof CommandError;
  readonly JobError: typeof JobError;
  readonly FileError: typeof FileError;
  readonly NetworkError: typeof NetworkError;
} = {
  ScopeError,
  CredentialsError,
  TokenError,
  ClientExpiredError,
  KeyError,
  ConfigError,
  TaskError,
  RedirectError,
  ResponseError,
  CommandError,
  JobError,
  FileError,
  NetworkError,
};

/** Every runtime error's code, one per class. */
export type SfapiErrorCode = (typeof SFAPI_ERRORS)[keyof typeof SFAPI_ERRORS]["code"];

/**
 * Every error the runtime throws, discriminated by `code` (as jose's errors are): after `SfapiError.is(e)`,
 * `switch (e.code) { case "ERR_SCOPE": e.required; ... }` narrows to the class.
 */
export type AnySfapiError = {
  [Name in keyof typeof SFAPI_ERRORS]: Coded<(typeof SFAPI_ERRORS)[Name]>;
}[keyof typeof SFAPI_ERRORS];

/** An error class's instances with `code` narrowed to the class's own (`ScopeError` -> `"ERR_SCOPE"`). */
type Coded<C extends { prototype: SfapiError; readonly code: SfapiErrorCode }> = C["prototype"] & {
  readonly code: C["code"];
};
