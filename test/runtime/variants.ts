/**
 * The runtime under test, twice: the template in place (templates/runtime, wired to the generated table) and the
 * copy users get (generated/index.ts). Every HTTP suite runs against both.
 */
import * as generated from "../../generated/index.js";
import { ladder, operations } from "../../generated/operations.js";
import * as template from "../../templates/runtime/index.js";

type Runtime = typeof template;
type Options = template.ClientOptions<string>;

/** The client with its compile-time restriction switched off, so tests can make calls the types would refuse. */
export interface LooseClient {
  request(method: string, url: string, init?: Record<string, unknown>): Promise<{ data?: any; error?: any; response: Response }>;
  GET(url: string, init?: Record<string, unknown>): Promise<{ data?: any; error?: any; response: Response }>;
  POST(url: string, init?: Record<string, unknown>): Promise<{ data?: any; error?: any; response: Response }>;
  PUT(url: string, init?: Record<string, unknown>): Promise<{ data?: any; error?: any; response: Response }>;
  DELETE(url: string, init?: Record<string, unknown>): Promise<{ data?: any; error?: any; response: Response }>;
}

export interface Variant {
  name: string;
  runtime: Runtime;
  createClient(options: Options): LooseClient;
}

export const variants: Variant[] = [
  {
    name: "templates/runtime",
    runtime: template,
    createClient: (options) => template.createScopedClient({ operations, ladder, defaultBaseUrl: generated.defaultBaseUrl }, options) as unknown as LooseClient,
  },
  {
    name: "generated/",
    runtime: generated as unknown as Runtime,
    createClient: (options) => generated.createClient(options) as unknown as LooseClient,
  },
];
