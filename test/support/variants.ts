/**
 * The runtime under test, twice: the template in place (templates/runtime, wired to the generated table) and the
 * compiled copy users get (generated/index.js). Every HTTP suite runs against both.
 */
import * as generated from "../../generated/index.js";
import { ladder, operations } from "../../generated/operations.js";
import * as template from "../../templates/runtime/index.js";
import { clientHelpers } from "../../templates/runtime/workflow.js";

type Options = template.ClientOptions<string>;
type Result = { data?: any; error?: any; response: Response };
type NamedCall = ((args?: Record<string, unknown>, options?: Record<string, unknown>) => Promise<any>) & {
  safe(args?: Record<string, unknown>, options?: Record<string, unknown>): Promise<Result>;
};

/** The client with its compile-time restriction switched off, so tests can make calls the types would refuse. */
export interface LooseClient {
  request(method: string, url: string, init?: Record<string, unknown>): Promise<Result>;
  GET(url: string, init?: Record<string, unknown>): Promise<Result>;
  POST(url: string, init?: Record<string, unknown>): Promise<Result>;
  PUT(url: string, init?: Record<string, unknown>): Promise<Result>;
  DELETE(url: string, init?: Record<string, unknown>): Promise<Result>;
  use(...middleware: object[]): void;
  waitForTask(id: string, options?: Record<string, unknown>): Promise<any>;
  [operation: string]: unknown;
}

export const op = (client: LooseClient, name: string): NamedCall => client[name] as NamedCall;

/** The errors, as the test checks them: the template's classes or the generated client's copies. */
export type Errors = Pick<
  typeof template,
  | "ScopeError"
  | "ClientExpiredError"
  | "TaskError"
  | "ResponseError"
  | "SfapiError"
  | "TokenError"
  | "CredentialsError"
  | "ConfigError"
  | "KeyError"
  | "NetworkError"
>;

export interface Variant {
  name: string;
  errors: Errors;
  createClient(options: Options): LooseClient;
}

/** The helpers' operations, as the generated index.js hands them over. */
const WORKFLOW = {
  runCommand: "runCommand",
  submitJob: "submitJob",
  readJobs: "readJobs",
  cancelJob: "cancelJob",
  readDirectory: "readDirectory",
  downloadFile: "downloadFile",
  uploadFile: "uploadFile",
  readTask: "readTask",
};

export const variants: Variant[] = [
  {
    name: "templates/runtime",
    errors: template,
    createClient: (options) =>
      template.createScopedClient(
        {
          operations,
          ladder,
          defaultBaseUrl: generated.defaultBaseUrl,
          readKeyFile: template.readKeyFileText,
          keyTokens: template.keyTokens,
        },
        options,
        [clientHelpers({ taskOperation: "readTask", workflow: WORKFLOW })],
      ) as unknown as LooseClient,
  },
  {
    name: "generated/",
    errors: generated as unknown as Errors,
    createClient: (options) => generated.createClient(options as never) as unknown as LooseClient,
  },
];
