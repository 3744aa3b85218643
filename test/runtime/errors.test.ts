/**
 * The runtime's errors as one discriminated union (`AnySfapiError`), as jose's are: after `SfapiError.is(e)`,
 * `switch (e.code)` narrows to the class. Checked twice: by the type checker (the project type check compiles this
 * file, so a code without its class, or a case that no longer narrows, fails it) and by running the switch on real
 * instances of the template's classes and of the generated client's copies.
 */
import { describe, expect, expectTypeOf, it } from "vitest";
import * as generated from "../../generated/index.js";
import type { AnySfapiError, SfapiErrorCode } from "../../templates/runtime/errors.js";
import * as runtime from "../../templates/runtime/index.js";

const { ClientExpiredError, ConfigError, CredentialsError, KeyError, ResponseError, ScopeError, SfapiError } = runtime;

/** One fact only the narrowed class has, per code; `never` in the default proves the switch is exhaustive. */
function factOf(error: unknown): string {
  if (!SfapiError.is(error)) return "not an SfapiError";
  switch (error.code) {
    case "ERR_SCOPE":
      return `needs ${error.required}`;
    case "ERR_TOKEN":
      return `token ${error.error} after ${error.attempts}`;
    case "ERR_CLIENT_EXPIRED":
      return `expired ${error.expiredAt.toISOString()}`;
    case "ERR_KEY":
      return `key ${error.file}`;
    case "ERR_TASK":
      return `task ${error.taskId}`;
    case "ERR_RESPONSE":
      return `HTTP ${error.status} from ${error.operation}`;
    case "ERR_REDIRECT":
      return `redirect ${error.status}`;
    case "ERR_COMMAND":
      return `exit ${error.exitCode}`;
    case "ERR_JOB":
      return `job ${error.reason} ${error.state}`;
    case "ERR_FILE":
      return `file ${error.path}`;
    case "ERR_NETWORK":
      return `network ${error.name}`;
    case "ERR_CREDENTIALS":
    case "ERR_CONFIG":
      return error.name;
    default: {
      const unreachable: never = error;
      return unreachable;
    }
  }
}

const samples = (r: typeof runtime) => [
  new r.ScopeError({ message: "m", required: "red", color: "green", method: "POST", path: "/x" }),
  new r.TokenError({ message: "m", error: "invalid_client", attempts: 2 }),
  new r.ClientExpiredError(new Date(0)),
  new r.KeyError("m", "key.pem"),
  new r.TaskError({ message: "m", taskId: "7" }),
  new r.ResponseError({
    operation: "readTask",
    method: "GET",
    path: "/tasks/7",
    response: new Response(null, { status: 404 }),
    body: null,
  }),
  new r.RedirectError({ message: "m", status: 302 }),
  new r.CommandError({ machine: "perlmutter", command: "false", exitCode: 1, taskId: "9" }),
  new r.JobError({ message: "m", reason: "state", machine: "perlmutter", state: "FAILED" }),
  new r.FileError({ machine: "perlmutter", path: "/x", operation: "ls" }),
  new r.CredentialsError("m"),
  new r.ConfigError("m"),
  new r.NetworkError({ message: "m" }),
];
const facts = [
  "needs red",
  "token invalid_client after 2",
  "expired 1970-01-01T00:00:00.000Z",
  "key key.pem",
  "task 7",
  "HTTP 404 from readTask",
  "redirect 302",
  "exit 1",
  "job state FAILED",
  "file /x",
  "CredentialsError",
  "ConfigError",
  "network NetworkError",
];

describe("AnySfapiError", () => {
  it("has one class for every code, and the guard narrows to the class", () => {
    expectTypeOf<AnySfapiError["code"]>().toEqualTypeOf<SfapiErrorCode>();
    expectTypeOf<Extract<AnySfapiError, { code: "ERR_SCOPE" }>>().toMatchTypeOf<InstanceType<typeof ScopeError>>();
    const e: unknown = new ScopeError({ message: "m", color: "green", method: "GET", path: "/" });
    if (ScopeError.is(e)) expectTypeOf(e).toEqualTypeOf<InstanceType<typeof ScopeError>>();
    if (KeyError.is(e)) expectTypeOf(e.file).toEqualTypeOf<string | undefined>();
  });

  it.each([
    ["templates/runtime", runtime],
    ["generated/", generated as unknown as typeof runtime],
  ])("switch (e.code) reaches each class's own fields (%s)", (_, r) => {
    expect(samples(r).map(factOf)).toEqual(facts);
    expect(factOf(new Error("plain"))).toBe("not an SfapiError");
  });

  it("the one list of public error classes is what the runtime and a generated client export", () => {
    const errorClasses = (module: Record<string, unknown>) =>
      Object.entries(module)
        .filter(([, v]) => typeof v === "function" && (v === SfapiError || v.prototype instanceof Error))
        .map(([name]) => name)
        .sort();
    expect(errorClasses(runtime)).toEqual([...runtime.PUBLIC_ERRORS]);
    expect(errorClasses(generated)).toEqual([...runtime.PUBLIC_ERRORS]);
    const classes = new Map(Object.entries(runtime as Record<string, unknown>));
    const codes = runtime.PUBLIC_ERRORS.filter((n) => n !== "SfapiError").map((name) => {
      const cls = classes.get(name) as { code: string; prototype: object };
      expect(cls.prototype, name).toBeInstanceOf(SfapiError);
      expect(cls.code, name).toMatch(/^ERR_[A-Z_]+$/);
      return cls.code;
    });
    // Distinct codes: `code` names the class.
    expect(new Set(codes).size).toBe(codes.length);
    void [ClientExpiredError, ConfigError, CredentialsError, ResponseError];
  });
});
