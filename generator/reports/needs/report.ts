/** The needs report's shape (the JSON format verbatim), shared by the builder (needs.ts) and the renderers. */
import type { OperationRef, UseSite } from "../../usage/site.js";

export type { UseSite } from "../../usage/site.js";

export const NEEDS_FORMAT_ID = "sfapi-gen/needs@2";

/** What `renderNeeds` writes and `sfapi-gen needs --format` offers. */
export type NeedsFormat = "md" | "json";
export const NEEDS_FORMATS: readonly NeedsFormat[] = ["md", "json"];

/** Either needs report, told apart by `format`: what `buildNeeds` returns and `renderNeeds` takes. */
export type AnyNeedsReport = NeedsReport | ScopeNeedsReport;

/** An operation as a report names it. */
export type NeedsOperation = OperationRef;

export interface NeedsUse extends UseSite {
  /** Every operation it may reach (several when a concrete path fits several templates); empty when unknown. */
  operations: NeedsOperation[];
  /** The level this use needs: "public", a ladder level, or the top for unknown and unranked ones. */
  level: string;
  /** Why the use could not be mapped ("unknown: ...; assumes top level (red)"), or null. */
  unknown: string | null;
  /**
   * Only on a use counted without being traced, to fail closed (a job's `cancel()` on a receiver the scan cannot
   * follow, in a file that gets jobs from `compute(...)`): why it was assumed. Absent on every other use.
   */
  assumed?: string;
}

export interface NeedsReport {
  format: typeof NEEDS_FORMAT_ID;
  source: string;
  client: {
    dir: string;
    /** How the client was chosen: `--client`, the code's imports, the only one under the code, or `generated/`. */
    found: "option" | "import" | "only" | "default";
    ladder: string[];
    description: { title: string; version: string };
  };
  /** The lowest color that may make every use. With no uses above public: the lowest level. */
  color: string;
  /** The uses that need exactly `color` (empty when only public operations are used). */
  forcedBy: NeedsUse[];
  uses: NeedsUse[];
  /**
   * Each `createClient(...)` call of the code, with the lowest color covering the uses that plainly come from it and
   * every use the analysis could not attribute to one client (those count for each).
   */
  clients: NeedsClient[];
  /** Generated client folders inside the source folder, not scanned. */
  skipped: string[];
  summary: { uses: number; files: number; unknown: number; levels: Record<string, number> };
}

export interface NeedsClient {
  /** `file:line:column`, as uses name it in `client`. */
  id: string;
  file: string;
  line: number;
  code: string;
  /** The `color` option as written when it is a literal, else null. */
  color: string | null;
  /** The lowest color covering its uses. */
  needs: string;
  /** Uses attributed to it (not counting the unattributed ones it also covers). */
  uses: number;
}

export const SCOPE_NEEDS_FORMAT_ID = "sfapi-gen/needs-scopes@1";

/** An operation as the scope report names it: with the OAuth2 scope sets that allow it (absent: public). */
export type ScopedOperation = NeedsOperation & { security?: string[][] };

export interface ScopeNeedsUse extends UseSite {
  /** Every operation it may reach (a call must be allowed for each); empty when unknown. */
  operations: ScopedOperation[];
  /** Why the use could not be mapped ("unknown: ...; needs every scope"), or null. */
  unknown: string | null;
  /**
   * What it takes of the least grant: for each operation, the first alternative the grant holds (every scope the client
   * names for an unknown use). Empty for public and token-only operations.
   */
  scopes: string[];
  assumed?: string;
}

/** How a least grant was found (model/least-grant.ts). */
export interface GrantSearch {
  /** The least grant, sorted. */
  scopes: string[];
  /** Scopes forced by operations with one alternative, sorted. */
  forced: string[];
  /** Operations left with a choice of alternatives once the forced scopes were granted. */
  choices: number;
  /** Grants the exact search visited, and the steps (scope look-ups) it may take before it stops. */
  visited: number;
  bound: number;
  /** True when the search finished: no smaller grant covers the uses. False: sufficient, not proven least. */
  proven: boolean;
}

/** `needs` for a client generated under the security policy: the least OAuth2 grant, not a color. */
export interface ScopeNeedsReport {
  format: typeof SCOPE_NEEDS_FORMAT_ID;
  source: string;
  client: {
    dir: string;
    found: NeedsReport["client"]["found"];
    policy: "security";
    /** Every scope the client's table names: what an unknown use needs. */
    scopes: string[];
    description: { title: string; version: string };
  };
  /** The least grant covering every use. */
  grant: GrantSearch;
  /** Per scope of the grant: whether it was forced, and the uses (`file:line:column`) that take it. */
  byScope: { scope: string; forced: boolean; uses: string[] }[];
  uses: ScopeNeedsUse[];
  /** Each `createClient(...)` call: the least grant covering its own uses and every unattributed one. */
  clients: ScopeNeedsClient[];
  skipped: string[];
  summary: { uses: number; files: number; unknown: number; public: number; tokenOnly: number };
}

export interface ScopeNeedsClient {
  id: string;
  file: string;
  line: number;
  code: string;
  grant: GrantSearch;
  uses: number;
}
