/** The diff report's shape (the JSON format verbatim), shared by the builder (diff.ts) and the renderers. */
import type { Parameter } from "../operations.js";

export const DIFF_FORMAT_ID = "sfapi-gen/diff@1";

export interface DiffSide {
  source: string;
  title: string;
  version: string;
  api: string | null;
}

export interface OperationRef {
  name: string;
  method: string;
  path: string;
  /** The table's scope ("green", "public", "unranked", ...). */
  scope: string;
  /** The level a client needs for it ("public", or a ladder level; unranked ones need the top). */
  level: string;
}

export type ParameterRef = Pick<Parameter, "name" | "in" | "required">;

export type Change =
  | { kind: "level"; from: string; to: string; fromLevel: string; toLevel: string; direction: "escalation" | "relaxation" | "same"; breaking: boolean }
  | { kind: "parameter-added" | "parameter-removed" | "parameter-required" | "parameter-optional"; parameter: ParameterRef; breaking: boolean }
  | { kind: "request-media-type"; from: string[]; to: string[]; breaking: boolean }
  | { kind: "request-body-required"; from: boolean; to: boolean; breaking: boolean }
  | { kind: "request-schema"; from: string[]; to: string[]; breaking: boolean }
  | { kind: "response-schema"; status: string; from: string[]; to: string[]; breaking: boolean }
  | { kind: "name"; from: string; to: string; breaking: boolean };

export interface ChangedOperation extends OperationRef {
  changes: Change[];
}

export interface DiffReport {
  format: typeof DIFF_FORMAT_ID;
  old: DiffSide;
  new: DiffSide;
  versionChanged: boolean;
  ladder: string[];
  /** With `--color`: new operations that color may not call count as escalations. */
  color: string | null;
  added: (OperationRef & { aboveColor: boolean })[];
  removed: OperationRef[];
  changed: ChangedOperation[];
  summary: { added: number; removed: number; changed: number; escalations: number; relaxations: number; breaking: number };
}

export type FailOn = "escalation" | "removal" | "breaking";
export const FAIL_ON: readonly FailOn[] = ["escalation", "removal", "breaking"];
