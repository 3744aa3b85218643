/**
 * The model as a report or an emitter reads it: title, version, scope settings and operations, without the document.
 * The audit, the generated files and the manifest all start from this one view.
 */
import { apiName } from "../description/document.js";
import { generatorVersion } from "../package-files.js";
import type { Model } from "./model.js";
import type { Operation } from "./operations.js";
import type { Ladder, Policy } from "./scope.js";
import { declaresSecurity } from "./security.js";

/** What an audit or an emitter needs to know of a model. */
export interface Subject {
  title: string;
  version: { info: string; api?: string };
  /** Where the description came from (absent for the generated client's own audit). */
  source?: string;
  scopeField: string;
  ladder: Ladder;
  policy: Policy;
  operations: Operation[];
  /** SHA-256 of the description's bytes. */
  sha256: string;
  generatorVersion: string;
  /**
   * What the description's provenance obliges every audit to say (the bundled snapshot is a reconstruction), if
   * anything.
   */
  note: string | undefined;
  /**
   * Whether the description declares any security (model/security.ts); false: every operation reads as public.
   * Absent in a subject made by hand: not known, and the audit says nothing of it.
   */
  declaresSecurity?: boolean;
}

export function subjectOf(model: Model): Subject {
  return {
    title: apiName(model.description.document).title,
    version: model.description.version,
    source: model.description.source,
    scopeField: model.scopeField,
    ladder: model.ladder,
    policy: model.policy,
    operations: model.operations,
    sha256: model.description.sha256,
    generatorVersion,
    note: model.description.note,
    declaresSecurity: declaresSecurity(model.description.document),
  };
}
