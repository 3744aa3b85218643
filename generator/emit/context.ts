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
  /** Under the security policy: every OAuth2 scope the description names (sorted); empty otherwise. */
  scopes: readonly string[];
  /** Under the security policy: the one client-credentials token URL the description names, if it names one. */
  defaultTokenUrl: string | undefined;
}
