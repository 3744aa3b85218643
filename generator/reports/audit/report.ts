/** The audit report's shape (the JSON format verbatim), shared by the builder (audit.ts) and every renderer. */

import type { Policy } from "../../model/scope.js";
import type { Subject } from "../../model/subject.js";
import type { GENERATOR_NAME } from "../../package-files.js";

/** What an audit needs to know: the model's subject (a Model and the emitters' context both provide it). */
export type AuditSubject = Subject;

export const AUDIT_FORMAT_ID = "sfapi-gen/audit@2";

export interface AuditedOperation {
  name: string;
  operationId: string | null;
  method: string;
  path: string;
  tags: string[];
  summary: string | null;
  /** The operation table's scope: the named level verbatim, "public" or "unranked". */
  scope: string;
  /** The level a client needs: a ladder level, or "public". Unranked operations need the top level. */
  level: string;
  /** Why the operation is unranked (callable only by the top level), or null when it is ranked or public. */
  unranked: string | null;
  /** With a color: whether a client of that color may call it; null without one. */
  callable: boolean | null;
}

export interface AuditReport {
  format: typeof AUDIT_FORMAT_ID;
  description: {
    title: string;
    version: string;
    api: string | null;
    source: string | null;
    sha256: string;
    note: string | null;
  };
  generator: { name: typeof GENERATOR_NAME; version: string };
  scope: { field: string; ladder: string[]; policy: Policy };
  summary: {
    total: number;
    /** Operations whose scope is that ladder level (unranked ones are counted under `unranked` only). */
    levels: Record<string, number>;
    public: number;
    unranked: number;
  };
  /** With `--color`: the color asked about and how many operations it may call. */
  color: { name: string; callable: number; refused: number } | null;
  /** In the model's order: by path, then method. */
  operations: AuditedOperation[];
}

export type AuditFormat = "md" | "json" | "csv" | "html";
export const AUDIT_FORMATS: readonly AuditFormat[] = ["md", "json", "csv", "html"];
