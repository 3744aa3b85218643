// Copied by sfapi-gen from its runtime. Do not edit: regenerate with `npx sfapi-gen generate`.
/**
 * Operations by name: `client.runCommand({ path, body })` resolves to the response data and throws a ResponseError
 * on a non-2xx answer; `client.runCommand.safe(...)` resolves to `{ data, error, response }` instead. Both go through
 * the path-style client, so the guard, tokens and form bodies apply exactly as for `client.POST(...)`. String fields
 * the description calls JSON text (a task's `result`) arrive parsed.
 */
import { ResponseError } from "./errors.js";
export function operationCalls(table, request) {
    const calls = {};
    for (const entry of Object.values(table))
        calls[entry.name] = namedCall(entry, request);
    return calls;
}
function namedCall(entry, request) {
    const method = entry.method.toUpperCase();
    const safe = async (args = {}, options = {}) => {
        const result = await request(method, entry.path, {
            params: { path: args.path, query: args.query, header: args.header },
            ...(args.body === undefined ? {} : { body: args.body }),
            ...(options.signal ? { signal: options.signal } : {}),
            ...(options.headers ? { headers: options.headers } : {}),
            parseAs: entry.responseType ?? "json",
        });
        return result.response.ok ? { ...result, data: parseJsonText(result.data, entry.jsonText) } : result;
    };
    const call = async (args, options) => {
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
export function parseJsonText(data, fields) {
    if (!fields || fields.length === 0 || data === null || typeof data !== "object")
        return data;
    if (Array.isArray(data))
        return data.map((item) => parseJsonText(item, fields));
    const copy = { ...data };
    for (const field of fields) {
        const value = copy[field];
        // Only text that can be JSON is parsed (a failed parse throws, and throwing is slow).
        if (typeof value !== "string" || !JSON_START.test(value))
            continue;
        try {
            copy[field] = JSON.parse(value);
        }
        catch {
            // not JSON after all: keep the text
        }
    }
    return copy;
}
