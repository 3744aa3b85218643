/**
 * The runtime's error classes. Each sets `name` (so checks work across copies of the runtime) and carries only
 * facts a caller can act on: never a key, an assertion or a token.
 */

/** A call above the client's color, or to a path that matches no operation. Nothing was sent. */
export class ScopeError extends Error {
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

  constructor(init: { message: string; operation?: string; required?: string; color: string; method: string; path: string }) {
    super(init.message);
    this.operation = init.operation;
    this.required = init.required;
    this.color = init.color;
    this.method = init.method;
    this.path = init.path;
  }
}

/** The token endpoint refused or failed. `error`/`errorDescription` are RFC 6749 §5.2 fields when the server sent them. */
export class TokenError extends Error {
  override readonly name = "TokenError";
  /** The OAuth error code (`invalid_client`), or ours: `timeout`, `network_error`, `invalid_response`, `http_error`. */
  readonly error: string;
  readonly errorDescription: string | undefined;
  /** HTTP status of the last response, when there was one. */
  readonly status: number | undefined;
  /** How many token requests were made before giving up. */
  readonly attempts: number;

  constructor(init: { message: string; error: string; errorDescription?: string; status?: number; attempts: number; cause?: unknown }) {
    super(init.message, init.cause === undefined ? undefined : { cause: init.cause });
    this.error = init.error;
    this.errorDescription = init.errorDescription;
    this.status = init.status;
    this.attempts = init.attempts;
  }
}

/** `clientExpiresAt` has passed: the facility would refuse the client, so no token is requested. */
export class ClientExpiredError extends Error {
  override readonly name = "ClientExpiredError";
  readonly expiredAt: Date;

  constructor(expiredAt: Date) {
    super(`The API client expired at ${expiredAt.toISOString()}; create a new client in Iris and update clientId/privateKey`);
    this.expiredAt = expiredAt;
  }
}

/** The private key could not be used: unreadable, too widely readable, not RSA, or a public key. */
export class KeyError extends Error {
  override readonly name = "KeyError";
  /** The key file, when the key came from one. */
  readonly file: string | undefined;

  constructor(message: string, file?: string) {
    super(message);
    this.file = file;
  }
}

/** createClient options that cannot work (unknown color, bad ladder, malformed URL, key without client ID...). */
export class ConfigError extends Error {
  override readonly name = "ConfigError";
}

/** A secured operation was called on a client created without credentials. Nothing was sent. */
export class CredentialsError extends Error {
  override readonly name = "CredentialsError";
}

/** `waitForTask` gave up: the task was still running at the deadline, or reading it failed. */
export class TaskError extends Error {
  override readonly name = "TaskError";
  readonly taskId: string;
  /** HTTP status when reading the task failed; undefined on a timeout. */
  readonly status: number | undefined;
  /** The last task state seen, if any. */
  readonly lastStatus: string | null | undefined;

  constructor(init: { message: string; taskId: string; status?: number; lastStatus?: string | null }) {
    super(init.message);
    this.taskId = init.taskId;
    this.status = init.status;
    this.lastStatus = init.lastStatus;
  }
}
