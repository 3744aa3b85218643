import type { Subject } from "../model/subject.js";

/** Everything an emitter may read: the model's subject and what the generated files record besides it. */
export interface EmitContext extends Subject {
  sha256: string;
  vendor: string;
  /** The API base URL a generated client calls by default. */
  defaultBaseUrl: string;
  generatorVersion: string;
  /** The friendly name of `GET /tasks/{id}`, which `waitForTask` polls, when the API has it. */
  taskOperation: string | undefined;
}
