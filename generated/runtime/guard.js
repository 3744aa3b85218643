// Copied by sfapi-gen from its runtime. Do not edit: regenerate with `npx sfapi-gen generate`.
import { ScopeError } from "./errors.js";
import { canCall, PUBLIC, rank, requiredLevel, topLevel } from "./levels.js";
import { discriminatorOf, mayBe } from "./matcher.js";
import { matchPath, readPath, writtenPathProblem } from "./path.js";
import { missingScopes } from "./scopes.js";
const DECISIONS_KEPT = 1024;
const DECISION_URL_MAX = 2048;
function createGuard(config) {
  const { table, baseUrl } = config;
  const permission = config.grant === void 0 ? colorPermission(config) : config.grantPermission(config);
  const allowed = new Set(table.entries.filter((e) => permission.allows(e)));
  const decisions = /* @__PURE__ */ new Map();
  function refuse(method, path, message, entry) {
    const { required, missing } = entry ? permission.refusal(entry) : { required: void 0, missing: permission.who.missing };
    throw new ScopeError({ ...permission.who, message, operation: entry?.name, required, method, path, missing });
  }
  let varies = false;
  function decide(method, path, url, headers) {
    const reading = readPath(path);
    if ("refused" in reading)
      refuse(method, path, `${method} ${path}: ${reading.message}`);
    let matches = matchPath(table, method, reading);
    varies = matches.some((entry) => discriminatorOf(entry.path) !== void 0);
    if (varies)
      matches = matches.filter((entry) => mayBe(entry, carried(url, headers)));
    if (matches.length === 0) {
      if (permission.unknownAllowed)
        return true;
      const { message, required, missing } = permission.refusal(void 0);
      throw new ScopeError({
        ...permission.who,
        message: `${method} ${path} matches no operation of this API; ${message}`,
        operation: void 0,
        required,
        missing,
        method,
        path
      });
    }
    let needsToken = false;
    for (const entry of matches) {
      if (!allowed.has(entry))
        refuse(method, path, `${what(entry)} ${permission.refusal(entry).message}`, entry);
      if (entry.scope !== PUBLIC)
        needsToken = true;
    }
    return needsToken;
  }
  return {
    check(method, url, headers) {
      const known = decisions.get(method)?.get(url);
      if (known !== void 0)
        return known;
      const path = pathBelow(url, baseUrl);
      if (path === void 0)
        refuse(method, url, `${method} ${url} is not below the client's base URL ${baseUrl}; refused`);
      const needsToken = decide(method, path, url, headers);
      if (varies || url.length > DECISION_URL_MAX)
        return needsToken;
      let kept = decisions.get(method);
      if (kept === void 0)
        decisions.set(method, kept = /* @__PURE__ */ new Map());
      else if (kept.size >= DECISIONS_KEPT)
        kept.clear();
      kept.set(url, needsToken);
      return needsToken;
    },
    checkWritten(method, written, pathParams) {
      const problem = writtenPathProblem(written, pathParams);
      if (problem !== void 0)
        refuse(method, written, `${method} ${JSON.stringify(written)}: ${problem}`);
    },
    checkOperation(name) {
      const entry = table.entries.find((e) => e.name === name);
      if (entry === void 0 || allowed.has(entry))
        return;
      const method = entry.method.toUpperCase();
      refuse(method, entry.path, `${what(entry)} ${permission.refusal(entry).message}`, entry);
    },
    allowsOperation(name) {
      const entry = table.entries.find((e) => e.name === name);
      return entry !== void 0 && allowed.has(entry);
    }
  };
}
function what(entry) {
  return `${entry.name} (${entry.method.toUpperCase()} ${entry.path})`;
}
function colorPermission({ ladder, color }) {
  const top = topLevel(ladder);
  return {
    allows: (entry) => canCall(ladder, color, entry.scope),
    unknownAllowed: color === top,
    who: { color },
    refusal(entry) {
      if (entry === void 0)
        return { message: `unknown paths need color ${top}; this client is ${color}`, required: top };
      const required = requiredLevel(ladder, entry.scope);
      if (rank(ladder, entry.scope) < 0) {
        const message = `needs color ${top}: its scope "${entry.scope}" is not a level on the ladder ${ladder.join(" < ")}, so only the top level may call it; this client is ${color}`;
        return { message, required };
      }
      const above = ladder.slice(rank(ladder, entry.scope));
      const needs = above.length > 1 ? `${entry.scope} or above (${above.join(", ")})` : entry.scope;
      return { message: `needs color ${needs}; this client is ${color}`, required };
    }
  };
}
function grantPermission({ grant }) {
  const granted = new Set(grant.scopes);
  const lacking = (entry) => entry?.scope === PUBLIC ? void 0 : missingScopes(granted, entry?.security, grant.all);
  const has = grant.scopes.length > 0 ? grant.scopes.join(", ") : "none";
  return {
    allows: (entry) => lacking(entry) === void 0,
    unknownAllowed: lacking(void 0) === void 0,
    who: { color: "", grant: grant.scopes, missing: [] },
    refusal(entry) {
      const missing = Object.freeze([...lacking(entry) ?? []]);
      const scopes = `scope${missing.length === 1 ? "" : "s"} ${missing.join(", ")}`;
      const needs = entry === void 0 ? `unknown paths need every scope this API names; this client lacks ${scopes}` : `needs ${scopes}, which this client's grant lacks`;
      return { message: `${needs} (granted: ${has})`, missing };
    }
  };
}
function carried(url, headers) {
  const q = url.indexOf("?");
  const h = url.indexOf("#");
  const query = q >= 0 && (h < 0 || q < h) ? new URLSearchParams(url.slice(q + 1, h < 0 ? void 0 : h)) : void 0;
  return (name) => {
    const values = [];
    const header = headers?.get(name);
    if (header !== null && header !== void 0)
      values.push(header);
    if (query) {
      for (const [key, value] of query)
        if (key.toLowerCase() === name)
          values.push(value);
    }
    return values;
  };
}
function canonicalBaseUrl(base) {
  const href = new URL(base).href;
  return href.endsWith("/") ? href.slice(0, -1) : href;
}
function pathBelow(url, base) {
  if (!url.startsWith(base) || url.charCodeAt(base.length) !== 47)
    return void 0;
  let end = url.length;
  const q = url.indexOf("?", base.length);
  if (q >= 0)
    end = q;
  const h = url.indexOf("#", base.length);
  if (h >= 0 && h < end)
    end = h;
  return url.slice(base.length, end);
}
export {
  canonicalBaseUrl,
  createGuard,
  grantPermission
};
