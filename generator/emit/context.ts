import type { Ladder, Policy } from "../levels.js";
import type { Operation } from "../operations.js";

/** Everything an emitter may read; emitters never see the raw description except schema.ts. */
export interface EmitContext {
  title: string;
  version: { info: string; api?: string };
  sha256: string;
  vendor: string;
  scopeField: string;
  ladder: Ladder;
  policy: Policy;
  operations: Operation[];
  /** The API base URL a generated client calls by default. */
  defaultBaseUrl: string;
  generatorVersion: string;
}
