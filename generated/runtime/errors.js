// Copied by sfapi-gen from its runtime. Do not edit: regenerate with `npx sfapi-gen generate`.
const BRAND = /* @__PURE__ */ Symbol.for("sfapi-gen.error");
class SfapiError extends Error {
  /** Stable across versions: branch on this, not on messages. The class's static `code`, written once per class. */
  code;
  constructor(init) {
    super(init.message, init.cause === void 0 ? void 0 : { cause: init.cause });
    this.code = new.target.code;
    Object.defineProperty(this, BRAND, { value: true });
  }
  /**
   * Is `value` this kind of error, from any copy of the runtime? `SfapiError.is(e)`: any of them, as `AnySfapiError`
   * (so `switch (e.code)` narrows); `ScopeError.is(e)`: a ScopeError (same `code`).
   */
  static is(value) {
    if (typeof value !== "object" || value === null || value[BRAND] !== true)
      return false;
    return this.code === void 0 || value.code === this.code;
  }
}
function assign(error, init) {
  const from = init;
  const to = error;
  for (const key of Object.keys(error))
    if (key !== "code" && key !== "name" && from[key] !== void 0)
      to[key] = from[key];
}
class ScopeError extends SfapiError {
  static code = "ERR_SCOPE";
  name = "ScopeError";
  /** The operation's friendly name (`runCommand`), or `undefined` when the path matches no operation. */
  operation;
  /** The level the call needs: a ladder level, or `undefined` when no color may make it (and for a scopes client). */
  required;
  /** The client's configured color; `""` for a client of OAuth2 scopes (its grant is `grant`). */
  color;
  /**
   * A client of OAuth2 scopes: the scopes the call lacks, those of the operation's alternative that lacks fewest (every
   * scope the API names that the grant lacks, for a path no operation has; empty when the call was refused for its
   * path's form, not its scopes). `undefined` for a color client.
   */
  missing;
  /** A client of OAuth2 scopes: the scopes it was granted (`createClient`'s `scopes`); `undefined` for a color one. */
  grant;
  method;
  /** The request path below `baseUrl` (or the full URL when it is not below it). */
  path;
  constructor(init) {
    super(init);
    assign(this, init);
  }
}
class CredentialsError extends SfapiError {
  static code = "ERR_CREDENTIALS";
  name = "CredentialsError";
}
class TokenError extends SfapiError {
  static code = "ERR_TOKEN";
  name = "TokenError";
  /** The OAuth error code (`invalid_client`), or ours: `timeout`, `network_error`, `invalid_response`, `http_error`. */
  error;
  errorDescription;
  /** HTTP status of the last response, when there was one. */
  status;
  /** How many token requests were made before giving up. */
  attempts;
  constructor(init) {
    super(init);
    assign(this, init);
  }
}
class ClientExpiredError extends SfapiError {
  static code = "ERR_CLIENT_EXPIRED";
  name = "ClientExpiredError";
  expiredAt;
  /** The key file whose `expires_at` said so, when one did. */
  file;
  constructor(init) {
    const message = `The API client ${init.file === void 0 ? "" : `of the key file ${init.file} `}expired at ${init.expiredAt.toISOString()}; create a new client in Iris and ` + (init.file === void 0 ? "update clientId/privateKey" : "use its key file (or folder) instead");
    super({ message, cause: init.cause });
    assign(this, init);
  }
}
class KeyError extends SfapiError {
  static code = "ERR_KEY";
  name = "KeyError";
  /** The key file, when the key came from one. */
  file;
  constructor(init) {
    super(init);
    assign(this, init);
  }
}
class ConfigError extends SfapiError {
  static code = "ERR_CONFIG";
  name = "ConfigError";
}
class TaskError extends SfapiError {
  static code = "ERR_TASK";
  name = "TaskError";
  taskId;
  /** HTTP status when reading the task failed; undefined on a timeout. */
  status;
  /** The last task state seen, if any. */
  lastStatus;
  constructor(init) {
    super(init);
    assign(this, init);
  }
}
class NetworkError extends SfapiError {
  static code = "ERR_NETWORK";
  name = "NetworkError";
  /** The origin the call tried (`https://api.nersc.gov`): scheme, host and port, never credentials. */
  origin;
  /** Attempts made, the first included. */
  attempts = 1;
  constructor(init) {
    super(init);
    assign(this, init);
  }
}
class RedirectError extends SfapiError {
  static code = "ERR_REDIRECT";
  name = "RedirectError";
  /** The 3xx status the API answered. */
  status;
  constructor(init) {
    super(init);
    assign(this, init);
  }
}
class ResponseError extends SfapiError {
  static code = "ERR_RESPONSE";
  name = "ResponseError";
  /** The operation's friendly name (`submitJob`). */
  operation;
  status;
  body;
  /** What the facility said: FastAPI's `detail` as one line (validation errors as `where: msg; ...`), if any. */
  detail;
  constructor(init) {
    const { operation, response, body } = init;
    const message = `${operation} (${init.method} ${init.path}) answered HTTP ${response.status}${detailOf(body)}`;
    super({ message, cause: init.cause });
    assign(this, { operation, status: response.status, body, detail: detailText(body) });
    Object.defineProperty(this, "response", { value: response, enumerable: false });
  }
}
function detailText(body) {
  const detail = typeof body === "string" ? body : body && typeof body === "object" && "detail" in body ? body.detail : void 0;
  const text = Array.isArray(detail) ? detail.map(validationItem).join("; ") : typeof detail === "string" ? detail : detail !== void 0 && detail !== null ? JSON.stringify(detail) : void 0;
  if (text === void 0 || text.trim() === "")
    return void 0;
  const line = text.replace(/\s+/g, " ").trim();
  return line.length > 500 ? `${line.slice(0, 500)}\u2026` : line;
}
function validationItem(item) {
  if (!item || typeof item !== "object")
    return String(item);
  const { loc, msg } = item;
  const where = Array.isArray(loc) ? loc.map(String).join(".") : void 0;
  const what = typeof msg === "string" ? msg : JSON.stringify(item);
  return where ? `${where}: ${what}` : what;
}
function detailOf(body) {
  const text = detailText(body);
  return text === void 0 ? "" : `: ${text}`;
}
class CommandError extends SfapiError {
  static code = "ERR_COMMAND";
  name = "CommandError";
  machine;
  command;
  /** The command's exit code, when the facility reported one. */
  exitCode;
  /** What the facility said went wrong (the task result's `error`), if anything. */
  error;
  /** What the command printed before it failed. */
  output;
  taskId;
  /** The task's final status (`completed`, `failed`, `cancelled`). */
  taskStatus;
  constructor(init) {
    const why = init.taskStatus !== void 0 && init.taskStatus !== "completed" ? `its task ${init.taskId} ended ${init.taskStatus}` : init.exitCode !== void 0 && init.exitCode !== 0 ? `exit code ${init.exitCode}` : "it failed";
    const said = init.error ? `: ${oneLine(init.error)}` : "";
    const command = JSON.stringify(oneLine(init.command));
    super({ message: `Command ${command} on ${init.machine}: ${why}${said}`, cause: init.cause });
    assign(this, init);
  }
}
class JobError extends SfapiError {
  static code = "ERR_JOB";
  name = "JobError";
  /** Why: it ended in a bad `state`, the `submit` was refused, it was `not-found`, a `query` failed, or a `timeout`. */
  reason;
  machine;
  /** The job id; undefined when the submission was refused before the scheduler gave one. */
  jobId;
  /** The last Slurm state seen (`FAILED`, `TIMEOUT`, `PENDING` at a timeout, ...). */
  state;
  /** The last job record read, if any. */
  record;
  /** What the facility said (sbatch's error for a refused submission). */
  error;
  constructor(init) {
    super(init);
    assign(this, init);
  }
}
class FileError extends SfapiError {
  static code = "ERR_FILE";
  name = "FileError";
  machine;
  path;
  /** The operation's friendly name (`readDirectory`). */
  operation;
  /** What the facility said. */
  error;
  constructor(init) {
    const said = init.error ? `: ${oneLine(init.error)}` : "";
    super({ message: `${init.operation} ${init.path} on ${init.machine} failed${said}`, cause: init.cause });
    assign(this, init);
  }
}
function oneLine(text) {
  const line = text.replace(/\s+/g, " ").trim();
  return line.length > 300 ? `${line.slice(0, 300)}\u2026` : line;
}
const SFAPI_ERRORS = {
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
  NetworkError
};
export {
  ClientExpiredError,
  CommandError,
  ConfigError,
  CredentialsError,
  FileError,
  JobError,
  KeyError,
  NetworkError,
  RedirectError,
  ResponseError,
  SFAPI_ERRORS,
  ScopeError,
  SfapiError,
  TaskError,
  TokenError,
  detailText
};
