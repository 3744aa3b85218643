// Copied by sfapi-gen from its runtime. Do not edit: regenerate with `npx sfapi-gen generate`.
import type { OperationTable } from "./table.js";
/** What every named call accepts besides its arguments. */
export interface CallOptions {
    signal?: AbortSignal;
    /** Extra headers for this call. */
    headers?: Record<string, string>;
}
/** Path, query and header parameters, and the body, as the operation's types name them. */
export interface CallArgs {
    path?: Record<string, unknown>;
    query?: Record<string, unknown>;
    header?: Record<string, unknown>;
    body?: unknown;
}
export type CallResult = {
    data?: unknown;
    error?: unknown;
    response: Response;
};
export interface NamedCall {
    (args?: CallArgs, options?: CallOptions): Promise<unknown>;
    safe(args?: CallArgs, options?: CallOptions): Promise<CallResult>;
}
type Request = (method: string, url: string, init: Record<string, unknown>) => Promise<CallResult>;
export declare function operationCalls(table: OperationTable, request: Request): Record<string, NamedCall>;
/**
 * Fields holding JSON text, parsed: on the object itself, or on each object of an array. Text that is not valid JSON
 * stays as it came (a string is a JSON value too), so nothing is lost.
 */
export declare function parseJsonText(data: unknown, fields: readonly string[] | undefined): unknown;
export {};
