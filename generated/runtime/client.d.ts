// Copied by sfapi-gen from its runtime. Do not edit: regenerate with `npx sfapi-gen generate`.
import { type NamedCall } from "./calls.js";
import { type ClientOptions } from "./options.js";
import type { HTTP_METHODS, OperationTable } from "./table.js";
import { type WaitOptions } from "./tasks.js";
/** What a generated `index.js` hands the runtime about its API. */
export interface ClientSpec {
    operations: OperationTable;
    ladder: readonly string[];
    defaultBaseUrl?: string;
    /** The friendly name of the operation that reads one task (`GET /tasks/{id}`), when the API has one. */
    taskOperation?: string;
}
type Init = Record<string, unknown> & {
    body?: unknown;
    bodySerializer?: unknown;
    headers?: unknown;
    params?: {
        path?: Record<string, unknown>;
    };
    pathSerializer?: unknown;
};
type Call = (url: string, init?: Init) => Promise<{
    data?: unknown;
    error?: unknown;
    response: Response;
}>;
/** The client as the runtime builds it; the generated `index.d.ts` gives it its precise, color-narrowed type. */
export interface RuntimeClient extends Record<(typeof HTTP_METHODS)[number], Call> {
    request(method: string, url: string, init?: Init): Promise<{
        data?: unknown;
        error?: unknown;
        response: Response;
    }>;
    use(...middleware: object[]): void;
    eject(...middleware: object[]): void;
    waitForTask(id: string, options?: WaitOptions): Promise<unknown>;
    readonly [operation: string]: unknown;
}
export declare function createScopedClient(spec: ClientSpec, options: ClientOptions): RuntimeClient;
export type { NamedCall };
