/**
 * The runtime's errors as one discriminated union (`AnySfapiError`), as jose's are: after `SfapiError.is(e)`,
 * `switch (e.code)` narrows to the class. Checked twice: by the type checker (the project type check compiles this
 * file, so a code without its class, or a case that no longer narrows, fails it) and by running the switch on real
 * instances of the template's classes and of the generated client's copies.
 */
import { readFileSync } from "node:fs";
import { inspect } from "node:util";
import { describe, expect, expectTypeOf, it } from "vitest";
import * as generated from "../../generated/index.js";
import { PUBLIC_ERRORS } from "../../generator/emit/public-exports.js";
import { type AnySfapiError, SFAPI_ERRORS, type SfapiErrorCode } from "../../templates/runtime/errors.js";
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
  new r.ClientExpiredError({ expiredAt: new Date(0) }),
  new r.KeyError({ message: "m", file: "key.pem" }),
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
  new r.CredentialsError({ message: "m" }),
  new r.ConfigError({ message: "m" }),
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
    expect(errorClasses(generated)).toEqual([...PUBLIC_ERRORS]);
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

  // One record, SFAPI_ERRORS, and three lists computed from it: the code union, AnySfapiError and PUBLIC_ERRORS (which
  // the generator emits as the client's exports). Each row is one class; a list that drifted from the record fails.
  const rows = Object.entries(SFAPI_ERRORS).map(([key, cls]) => ({ key, cls }));
  it.each(rows)("$key: one class, named as listed, with its own code, set on every instance", ({ key, cls }) => {
    expect(cls.name).toBe(key);
    expect(cls.prototype).toBeInstanceOf(SfapiError);
    expect(cls.code).toMatch(/^ERR_[A-Z_]+$/);
    expect(rows.filter((row) => row.cls.code === cls.code).map((row) => row.key)).toEqual([key]);
    expect(PUBLIC_ERRORS).toContain(key);
    expect((runtime as Record<string, unknown>)[key]).toBe(cls);
    const sample = samples(runtime).find((error) => error.constructor === cls);
    expect(sample?.code).toBe(cls.code);
    expect(sample?.name).toBe(key);
  });

  it("the README's errors table lists each class of the record with its code", () => {
    const readme = readFileSync(new URL("../../README.md", import.meta.url), "utf8");
    const table = [...readme.matchAll(/^\| `(\w+)` \| `(ERR_[A-Z_]+)` \|/gm)].map(([, name, code]) => [name, code]);
    expect(table.sort()).toEqual(rows.map((row) => [row.key, row.cls.code]).sort());
  });

  it("the lists computed from the record agree with it and with each other", () => {
    expect([...PUBLIC_ERRORS]).toEqual(["SfapiError", ...rows.map((row) => row.key)].sort());
    expect(new Set(PUBLIC_ERRORS).size).toBe(PUBLIC_ERRORS.length);
    expect(samples(runtime).map((error) => error.code)).toEqual(
      samples(runtime).map((e) => (e.constructor as typeof ScopeError).code),
    );
    // The union stays literal (a widened `string` would stop `switch (e.code)` narrowing).
    expectTypeOf<SfapiErrorCode>().toEqualTypeOf<
      | "ERR_SCOPE"
      | "ERR_CREDENTIALS"
      | "ERR_TOKEN"
      | "ERR_CLIENT_EXPIRED"
      | "ERR_KEY"
      | "ERR_CONFIG"
      | "ERR_TASK"
      | "ERR_RESPONSE"
      | "ERR_REDIRECT"
      | "ERR_COMMAND"
      | "ERR_JOB"
      | "ERR_FILE"
      | "ERR_NETWORK"
    >();
    expect(new Set(rows.map((row) => row.cls.code))).toEqual(
      new Set([
        "ERR_SCOPE",
        "ERR_CREDENTIALS",
        "ERR_TOKEN",
        "ERR_CLIENT_EXPIRED",
        "ERR_KEY",
        "ERR_CONFIG",
        "ERR_TASK",
        "ERR_RESPONSE",
        "ERR_REDIRECT",
        "ERR_COMMAND",
        "ERR_JOB",
        "ERR_FILE",
        "ERR_NETWORK",
      ]),
    );
  });
});

describe("one declaration per class", () => {
  it("an init object is the class's fields (optional where they may be undefined), message and cause", () => {
    type ScopeInit = ConstructorParameters<typeof ScopeError>[0];
    expectTypeOf<ScopeInit["missing"]>().toEqualTypeOf<readonly string[] | undefined>();
    expectTypeOf<ScopeInit>().toMatchTypeOf<{ message: string; color: string; method: string; path: string }>();
    // @ts-expect-error: color, method and path are required (their fields cannot be undefined)
    new ScopeError({ message: "m", required: "red" });
    // @ts-expect-error: a key the class does not declare
    new runtime.KeyError({ message: "m", privateKey: "x" });
    // @ts-expect-error: the class builds its message from its fields
    new ClientExpiredError({ expiredAt: new Date(0), message: "m" });
    new runtime.NetworkError({ message: "m" }); // attempts is optional: it has a default
    expect(new runtime.NetworkError({ message: "m" }).attempts).toBe(1);
    expect(new runtime.NetworkError({ message: "m", attempts: 3 }).attempts).toBe(3);
  });

  it("each class's init object is the one it spelled out by hand before", () => {
    type InitOf<C extends abstract new (...args: never[]) => unknown> = Flat<ConstructorParameters<C>[0]>;
    type Flat<T> = { [K in keyof T]: T[K] };
    type With<Fields> = Flat<{ message: string; cause?: unknown } & Fields>;
    const r = runtime;
    expectTypeOf<InitOf<typeof r.ScopeError>>().toEqualTypeOf<
      With<{
        operation?: string | undefined;
        required?: string | undefined;
        color: string;
        missing?: readonly string[] | undefined;
        grant?: readonly string[] | undefined;
        method: string;
        path: string;
      }>
    >();
    expectTypeOf<InitOf<typeof r.CredentialsError>>().toEqualTypeOf<With<unknown>>();
    expectTypeOf<InitOf<typeof r.ConfigError>>().toEqualTypeOf<With<unknown>>();
    expectTypeOf<InitOf<typeof r.TokenError>>().toEqualTypeOf<
      With<{ error: string; errorDescription?: string | undefined; status?: number | undefined; attempts: number }>
    >();
    expectTypeOf<InitOf<typeof r.ClientExpiredError>>().toEqualTypeOf<{
      cause?: unknown;
      expiredAt: Date;
      file?: string | undefined;
    }>();
    expectTypeOf<InitOf<typeof r.KeyError>>().toEqualTypeOf<With<{ file?: string | undefined }>>();
    expectTypeOf<InitOf<typeof r.TaskError>>().toEqualTypeOf<
      With<{ taskId: string; status?: number | undefined; lastStatus?: string | null | undefined }>
    >();
    expectTypeOf<InitOf<typeof r.NetworkError>>().toEqualTypeOf<
      With<{ origin?: string | undefined; attempts?: number }>
    >();
    expectTypeOf<InitOf<typeof r.RedirectError>>().toEqualTypeOf<With<{ status: number }>>();
    expectTypeOf<InitOf<typeof r.CommandError>>().toEqualTypeOf<{
      cause?: unknown;
      machine: string;
      command: string;
      exitCode?: number | undefined;
      error?: string | undefined;
      output?: string | undefined;
      taskId: string;
      taskStatus?: string | undefined;
    }>();
    expectTypeOf<InitOf<typeof r.JobError>>().toEqualTypeOf<
      With<{
        reason: "state" | "submit" | "not-found" | "query" | "timeout";
        machine: string;
        jobId?: string | undefined;
        state?: string | undefined;
        record?: Readonly<Record<string, unknown>> | undefined;
        error?: string | undefined;
      }>
    >();
    expectTypeOf<InitOf<typeof r.FileError>>().toEqualTypeOf<{
      cause?: unknown;
      machine: string;
      path: string;
      operation: string;
      error?: string | undefined;
    }>();
  });

  it.each([
    ["templates/runtime", runtime],
    ["generated/", generated as unknown as typeof runtime],
  ])("every declared field is an own key in declaration order, even undefined; nothing else is (%s)", (_, r) => {
    const init = { message: "m", color: "green", method: "GET", path: "/x", secret: "s3cr3t" };
    const error = new r.ScopeError(init as ConstructorParameters<typeof r.ScopeError>[0]);
    expect(Object.keys(error)).toEqual([
      "code",
      "name",
      "operation",
      "required",
      "color",
      "missing",
      "grant",
      "method",
      "path",
    ]);
    expect(error).toHaveProperty("required", undefined);
    expect(`${inspect(error)} ${JSON.stringify(error)}`).not.toContain("s3cr3t");
    const response = new r.ResponseError({
      operation: "readTask",
      method: "GET",
      path: "/tasks/7",
      response: new Response(null, { status: 404 }),
      body: { detail: "no such task" },
    });
    expect(Object.keys(response)).toEqual(["code", "name", "operation", "status", "body", "detail"]);
    expect(response.message).toBe("readTask (GET /tasks/7) answered HTTP 404: no such task");
    expect(response.response.status).toBe(404);
  });
});
