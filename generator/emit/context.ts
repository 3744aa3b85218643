import type { AuditSubject } from "../reports/audit/report.js";

/** Everything an emitter may read: the audit's view of the model and what the generated files record besides it. */
export interface EmitContext extends AuditSubject {
  sha256: string;
  vendor: string;
  /** The API base URL a generated client calls by default. */
  defaultBaseUrl: string;
  generatorVersion: string;
  /** The friendly name of `GET /tasks/{id}`, which `waitForTask` polls, when the API has it. */
  taskOperation: string | undefined;
}
