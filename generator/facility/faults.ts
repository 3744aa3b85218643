/**
 * Faults on demand, so a client's retry, back-off and timeout logic can be tested: the API or the token endpoint
 * answers 429 (with Retry-After), 500, 502, 503 or 504 instead, or answers late. Rules are given when the facility
 * starts or added while it runs; each applies to every matching request, or to the next `times` of them.
 */
import type { JWTPayload } from "jose";
import { OptionError } from "../errors.js";
import type { Reply } from "./http.js";
import { reply } from "./http.js";

export const FAULT_STATUSES = [429, 500, 502, 503, 504] as const;
export type FaultStatus = (typeof FAULT_STATUSES)[number];

export interface FaultRule {
  /** The API (default) or the token endpoint. */
  target?: "api" | "token";
  /** Only requests whose path starts with this (below the base path for the API, e.g. `/compute/jobs`). */
  path?: string;
  /** Answer with this status instead of the real answer. */
  status?: FaultStatus;
  /** `Retry-After` seconds sent with a 429 or 503 (default 1). */
  retryAfterSeconds?: number;
  /** Hold the answer this many milliseconds first (a slow endpoint); the real answer follows unless `status` is set. */
  delayMs?: number;
  /** Only the next `times` matching requests (default: all of them). */
  times?: number;
}

/** What a fault does to one request: a delay before answering, and an answer to give instead. */
export interface FaultEffect {
  delayMs: number;
  reply?: Reply;
}

const MAX_DELAY_MS = 600_000;

export class Faults {
  readonly #rules: { rule: FaultRule; left: number }[] = [];

  constructor(rules: readonly FaultRule[] = []) {
    for (const rule of rules) this.add(rule);
  }

  add(rule: FaultRule): void {
    checkRule(rule);
    this.#rules.push({ rule: { ...rule }, left: rule.times ?? Number.POSITIVE_INFINITY });
  }

  clear(): void {
    this.#rules.length = 0;
  }

  /** The first rule that matches (its count goes down by one), as an effect; undefined when none does. */
  take(target: "api" | "token", path: string): FaultEffect | undefined {
    const index = this.#rules.findIndex(
      ({ rule, left }) => left > 0 && (rule.target ?? "api") === target && path.startsWith(rule.path ?? ""),
    );
    if (index < 0) return undefined;
    const entry = this.#rules[index]!;
    entry.left--;
    if (entry.left <= 0) this.#rules.splice(index, 1);
    const { status, delayMs = 0 } = entry.rule;
    return { delayMs, reply: status === undefined ? undefined : faultReply(target, status, entry.rule) };
  }
}

function faultReply(target: "api" | "token", status: FaultStatus, rule: FaultRule): Reply {
  const retry = status === 429 || status === 503 ? { "retry-after": String(rule.retryAfterSeconds ?? 1) } : undefined;
  const message = `sfapi-gen mock: fault injected (${status})`;
  if (target === "token") {
    const error = status === 429 || status === 503 ? "temporarily_unavailable" : "server_error";
    return reply(status, { error, error_description: message }, { "cache-control": "no-store", ...retry });
  }
  return reply(status, { detail: message }, retry);
}

function checkRule(rule: FaultRule): void {
  if (rule.target !== undefined && rule.target !== "api" && rule.target !== "token")
    throw new OptionError(`fault target must be "api" or "token", not ${JSON.stringify(rule.target)}`);
  if (rule.status !== undefined && !(FAULT_STATUSES as readonly number[]).includes(rule.status))
    throw new OptionError(
      `fault status must be one of ${FAULT_STATUSES.join(", ")}, not ${JSON.stringify(rule.status)}`,
    );
  if (rule.status === undefined && rule.delayMs === undefined)
    throw new OptionError("a fault needs a status, a delay, or both");
  for (const [name, value, max] of [
    ["delayMs", rule.delayMs, MAX_DELAY_MS],
    ["times", rule.times, 1_000_000_000],
    ["retryAfterSeconds", rule.retryAfterSeconds, 86_400],
  ] as const) {
    if (value !== undefined && (!Number.isInteger(value) || value < (name === "times" ? 1 : 0) || value > max))
      throw new OptionError(`fault ${name} must be a whole number up to ${max}, not ${JSON.stringify(value)}`);
  }
  if (rule.path !== undefined && !/^\/[A-Za-z0-9._~/{}-]*$/.test(rule.path))
    throw new OptionError(`fault path must start with "/", not ${JSON.stringify(rule.path)}`);
}

/**
 * Test hooks on the token endpoint, for a runtime's own tests (set with `facility.faults.tokenHooks(hooks)`; none by
 * default). They narrow what is accepted, record what arrived, or script the answer; they never accept more.
 */
export interface TokenHooks {
  /** The `kid` every assertion header must carry; `null`: it must carry none (default: not checked). */
  kid?: string | null;
  /** Also require `iat` and `jti`, in whole seconds, and `exp` at most this many seconds after `iat`. */
  maxAssertionLifetimeS?: number;
  /** Sees every token request: its form, the assertion's header and verified claims, and why it was refused. */
  record?: (call: TokenCall) => void;
  /**
   * Answers the `n`th token request (1-based, counted since the hooks were set) whose assertion passed, instead of a
   * token: a status and a body sent byte for byte, or "hang" (no answer until the facility closes). Undefined: a token.
   */
  reply?: (n: number) => ScriptedReply | undefined;
}

export type ScriptedReply = { status: number; body: string; headers?: Record<string, string> } | "hang";

/** One token request, as `TokenHooks.record` sees it (it holds the assertion: for tests only, never logged). */
export interface TokenCall {
  form: URLSearchParams;
  assertion: string;
  /** The assertion's protected header ({} when it is not a JWS). */
  header: Record<string, unknown>;
  /** The claims, once the signature verified; undefined before that. */
  claims: JWTPayload | undefined;
  /** The refusal's `error_description`; undefined when the request passed every check. */
  problem: string | undefined;
}

/** The hooks in force and how many token requests arrived since they were set. */
export class TokenHookSlot {
  hooks: TokenHooks = {};
  count = 0;

  set(hooks: TokenHooks): void {
    const max = hooks.maxAssertionLifetimeS;
    if (max !== undefined && (!Number.isInteger(max) || max < 1 || max > 86_400))
      throw new OptionError(`maxAssertionLifetimeS must be a whole number from 1 to 86400, not ${JSON.stringify(max)}`);
    this.hooks = hooks;
    this.count = 0;
  }
}
