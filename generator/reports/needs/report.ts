/** The needs report's shape (the JSON format verbatim), shared by the builder (needs.ts) and the renderers. */
import type { OperationRef, UseSite } from "../../usage/site.js";

export type { UseSite } from "../../usage/site.js";

export const NEEDS_FORMAT_ID = "sfapi-gen/needs@2";

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
