/**
 * Operations by name: `client.runCommand({ path, body })` resolves to the response data and throws a ResponseError
 * on a non-2xx answer; `client.runCommand.safe(...)` resolves to `{ data, error, response }` instead. Both go through
 * the path-style client, so the guard, tokens and form bodies apply exactly as for `client.POST(...)`. String fields
 * the description calls JSON text (a task's `result`) arrive parsed.
 */
import { ResponseError } from "./errors.js";
import type { OperationEntry, OperationTable } from "./table.js";

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

export type CallResult = { data?: unknown; error?: unknown; response: Response };

export interface NamedCall {
  (args?: CallArgs, options?: CallOptions): Promise<unknown>;
  safe(args?: CallArgs, options?: CallOptions): Promise<CallResult>;
}

type Request = (method: string, url: string, init: Record<string, unknown>) => Promise<CallResult>;

export function operationCalls(table: OperationTable, request: Request): Record<string, NamedCall> {
  const calls: Record<string, NamedCall> = {};
  for (const entry of Object.values(table)) calls[entry.name] = namedCall(entry, request);
  return calls;
}

function namedCall(entry: OperationEntry, request: Request): NamedCall {
  const method = entry.method.toUpperCase();
  const safe = async (args: CallArgs = {}, options: CallOptions = {}): Promise<CallResult> => {
    const result = await request(method, entry.path, {
      params: { path: args.path, query: args.query, header: args.header },
      ...(args.body === undefined ? {} : { body: args.body }),
      ...(options.signal ? { signal: options.signal } : {}),
      ...(options.headers ? { headers: options.headers } : {}),
      parseAs: entry.responseType ?? "json",
    });
    return result.response.ok ? { ...result, data: parseJsonText(result.data, entry.jsonText) } : result;
  };
  const call = async (args?: CallArgs, options?: CallOptions): Promise<unknown> => {
    const { data, error, response } = await safe(args, options);
    if (!response.ok)
      throw new ResponseError({ operation: entry.name, method, path: entry.path, response, body: error });
    return data;
  };
  return Object.assign(call, { safe });
}

/** How JSON text can begin: an object, array, string, number, true, false or null (after blanks). */
const JSON_START = /^\s*(?:[{["\d-]|true|false|null)/;

/**
 * Fields holding JSON text, parsed: on the object itself, or on each object of an array. Text that is not valid JSON
 * stays as it came (a string is a JSON value too), so nothing is lost.
 */
export function parseJsonText(data: unknown, fields: readonly string[] | undefined): unknown {
  if (!fields || fields.length === 0 || data === null || typeof data !== "object") return data;
  if (Array.isArray(data)) return data.map((item) => parseJsonText(item, fields));
  const copy: Record<string, unknown> = { ...(data as Record<string, unknown>) };
  for (const field of fields) {
    const value = copy[field];
    // Only text that can be JSON is parsed (a failed parse throws, and throwing is slow).
    if (typeof value !== "string" || !JSON_START.test(value)) continue;
    try {
      copy[field] = JSON.parse(value);
    } catch {
      // not JSON after all: keep the text
    }
  }
  return copy;
}
