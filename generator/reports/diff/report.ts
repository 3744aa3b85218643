/** The diff report's shape (the JSON format verbatim), shared by the builder (diff.ts) and the renderers. */
import type { Parameter } from "../../model/operations.js";
import type { Policy } from "../../model/scope.js";
import type { UseSite } from "../../usage/site.js";
import type { TypeBreak } from "../../usage/typecheck.js";
import type { SchemaChange } from "./schema.js";

export type { SchemaChange } from "./schema.js";

export const DIFF_FORMAT_ID = "sfapi-gen/diff@2";

/** What `renderDiff` writes and `sfapi-gen diff --format` offers. */
export type DiffFormat = "md" | "json";
export const DIFF_FORMATS: readonly DiffFormat[] = ["md", "json"];

export interface DiffSide {
  source: string;
  title: string;
  version: string;
  api: string | null;
}

export interface OperationRef {
  name: string;
  operationId: string | null;
  method: string;
  path: string;
  /** The table's scope ("green", "public", "unranked", ...). */
  scope: string;
  /**
   * The level a client needs for it ("public", or a ladder level; unranked ones need the top). Under the security
   * policy the table's scope again ("public", "scoped", "unranked"): what it needs is in `security`.
   */
  level: string;
  /** Under the security policy only: the OAuth2 scope sets that allow it, OR-ed; absent when public. */
  security?: string[][];
}

export type ParameterRef = Pick<Parameter, "name" | "in" | "required">;

export type Change =
  /** The path moved (a version prefix, or a rename found by operationId): calls to the old path break. */
  | { kind: "path"; from: string; to: string; breaking: boolean }
  /** The method changed (a GET read became a POST): calls with the old method break. */
  | { kind: "method"; from: string; to: string; breaking: boolean }
  | {
      kind: "level";
      from: string;
      to: string;
      fromLevel: string;
      toLevel: string;
      direction: "escalation" | "relaxation" | "same";
      breaking: boolean;
    }
  /**
   * Under the security policy: the scope sets that allow a call changed, judged by which grants may call it.
   * `escalation`: some grant that could call it before cannot now (the caller needs more); `relaxation`: every grant
   * that could still can, and more can; `mixed`: both (counted as an escalation and as a relaxation); `same`: the same
   * grants may (alternatives reworded). `from`/`to` are the sets (`[]`: public, `[[]]`: a token and no scope);
   * `added`/`removed` the alternatives new to `to` and gone from `from`.
   */
  | {
      kind: "scopes";
      from: string[][];
      to: string[][];
      added: string[][];
      removed: string[][];
      direction: "escalation" | "relaxation" | "mixed" | "same";
      breaking: boolean;
    }
  | {
      kind: "parameter-added" | "parameter-removed" | "parameter-required" | "parameter-optional";
      parameter: ParameterRef;
      breaking: boolean;
    }
  | { kind: "request-media-type"; from: string[]; to: string[]; breaking: boolean }
  | { kind: "request-body-required"; from: boolean; to: boolean; breaking: boolean }
  | { kind: "request-schema"; from: string[]; to: string[]; breaking: boolean }
  | { kind: "response-schema"; status: string; from: string[]; to: string[]; breaking: boolean }
  | { kind: "name"; from: string; to: string; breaking: boolean }
  /**
   * A path parameter renamed in place (`{transfer_id}` -> `{globus_uuid}`): the same operation on the wire, but typed
   * calls name the parameter (`path: { transfer_id }`) and the path template, so they break.
   */
  | { kind: "path-parameter-renamed"; from: string; to: string; breaking: boolean }
  /**
   * The trailing path parameter that keeps its slashes on the wire (`wholePath` in the table) was marked or unmarked:
   * the same call sends `a/b` or `a%2Fb`. `from`/`to` name the parameter, null where it is not a whole path.
   */
  | { kind: "whole-path"; from: string | null; to: string | null; breaking: boolean }
  /**
   * The success answer's fields that hold JSON text, which the runtime hands over parsed (`jsonText` in the table):
   * the same field arrives parsed or as text. Compared only when both sides are descriptions (a manifest lacks it).
   */
  | { kind: "json-text"; from: string[]; to: string[]; breaking: boolean }
  /** Inside a parameter's, the request body's or a response's schema (diff/schema.ts). */
  | SchemaChange;

/**
 * How an old operation was paired with a new one, tried in this order: the same method and path; the same method
 * and path once path parameter names are ignored (`{transfer_id}` and `{globus_uuid}`); the same
 * operationId (or the same FastAPI operationId stem, its path-and-method suffix left out); the same path once the
 * version prefix is moved, the same method first, else the one operation left there; the same path, method changed.
 */
export type MatchedBy = "method-path" | "path-parameters" | "operationId" | "prefix" | "path";

export interface ChangedOperation extends OperationRef {
  matchedBy: MatchedBy;
  /** The operation in the old description. */
  was: OperationRef;
  changes: Change[];
}

/** A version prefix moved between the descriptions (`/api/v1` -> `/api/v2`): named by `--prefix`, or detected. */
export interface PrefixMove {
  from: string;
  to: string;
  how: "option" | "detected";
}

/**
 * `diff --code <dir>`: the uses in a code base the change breaks or escalates, and the color it needs before and after.
 */
export interface CodeImpact {
  source: string;
  /** Generated client folders inside the code base, not scanned. */
  skipped: string[];
  /** The lowest color covering every use before, and after the change (broken uses following their operation). */
  color: { before: string; after: string; raised: boolean };
  /**
   * Calls whose operation was removed, moved or changed its method; table and named uses of a removed or renamed one.
   */
  broken: (UseSite & { was: OperationRef[]; reason: string; level: string | null })[];
  /** Uses that still resolve but need a higher level than before. */
  escalated: (UseSite & { operations: OperationRef[]; from: string; to: string })[];
  /**
   * Job calls counted without being traced, to fail closed (`assumed` on a use: a `cancel()` on a receiver the scan
   * cannot follow): why, and the level each needs before and after (null: its operation was removed). Broken and
   * escalated uses carry the same `assumed` reason.
   */
  assumed: (UseSite & { reason: string; from: string; to: string | null })[];
  summary: {
    uses: number;
    files: number;
    broken: number;
    escalated: number;
    unknown: number;
    assumed: number;
    typeErrors: number;
  };
  /**
   * What schema changes break, from type-checking the code against the client folder and against the new client in
   * its place (usage/typecheck.ts); null with `why` when no client folder was known to swap.
   */
  typeCheck: {
    /** The client folder swapped, and the tsconfig.json read (null: default strict options). */
    client: string | null;
    tsconfig: string | null;
    /** Why the code was not type-checked; null when it was. */
    why: string | null;
    /**
     * Errors the new client causes, each in a call of the client (with its operations) or a read of what one returned.
     */
    errors: (TypeBreak & { kind: "call" | "read"; operations: OperationRef[] })[];
    /** Errors past the 500 listed. */
    omitted: number;
  };
}

export interface DiffReport {
  format: typeof DIFF_FORMAT_ID;
  old: DiffSide;
  new: DiffSide;
  versionChanged: boolean;
  ladder: string[];
  /** How levels were ranked: by the scope field, or by method (GET: lowest level, others: top). */
  policy: Policy;
  /** With `--color`: new operations that color may not call count as escalations. */
  color: string | null;
  prefix: PrefixMove | null;
  added: (OperationRef & { aboveColor: boolean })[];
  removed: OperationRef[];
  changed: ChangedOperation[];
  summary: {
    added: number;
    removed: number;
    changed: number;
    /** Matched operations whose path or method changed: old calls to them break. */
    moved: number;
    /** Of those, the ones whose method changed. */
    methodChanged: number;
    escalations: number;
    relaxations: number;
    breaking: number;
  };
  /** With `--code <dir>`; null otherwise. */
  code: CodeImpact | null;
}

export type FailOn = "escalation" | "removal" | "breaking";
export const FAIL_ON: readonly FailOn[] = ["escalation", "removal", "breaking"];
