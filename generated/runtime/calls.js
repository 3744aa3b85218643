// Copied by sfapi-gen from its runtime. Do not edit: regenerate with `npx sfapi-gen generate`.
import { ResponseError } from "./errors.js";
function operationCalls(table, request) {
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
      ...args.body === void 0 ? {} : { body: args.body },
      ...options.signal ? { signal: options.signal } : {},
      ...options.headers ? { headers: options.headers } : {},
      parseAs: entry.responseType ?? "json"
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
const JSON_START = /^\s*(?:[{["\d-]|true|false|null)/;
function parseJsonText(data, fields) {
  if (!fields || fields.length === 0 || data === null || typeof data !== "object")
    return data;
  if (Array.isArray(data))
    return data.map((item) => parseJsonText(item, fields));
  const copy = { ...data };
  for (const field of fields) {
    const value = copy[field];
    if (typeof value !== "string" || !JSON_START.test(value))
      continue;
    try {
      copy[field] = JSON.parse(value);
    } catch {
    }
  }
  return copy;
}
export {
  operationCalls,
  parseJsonText
};
