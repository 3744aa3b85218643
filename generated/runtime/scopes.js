// Copied by sfapi-gen from its runtime. Do not edit: regenerate with `npx sfapi-gen generate`.
import { ConfigError } from "./errors.js";
const INSUFFICIENT_SCOPE = "insufficient_scope";
function isScopeToken(value) {
  if (typeof value !== "string" || value.length === 0 || value.length > 256)
    return false;
  for (let i = 0; i < value.length; i++) {
    const c = value.charCodeAt(i);
    if (c < 33 || c > 126 || c === 34 || c === 92)
      return false;
  }
  return true;
}
function missingScopes(grant, anyOf, fallback) {
  const alternatives = anyOf !== void 0 && anyOf.length > 0 ? anyOf : [fallback];
  let fewest;
  for (const scopes of alternatives) {
    const lacking = scopes.filter((s) => !grant.has(s));
    if (lacking.length === 0)
      return void 0;
    if (fewest === void 0 || lacking.length < fewest.length)
      fewest = lacking;
  }
  return fewest;
}
function checkGrant(scopes, known) {
  if (!Array.isArray(scopes))
    throw new ConfigError({
      message: 'createClient: `scopes` is required: the OAuth2 scopes this client is granted (e.g. ["read"]; [] for none)'
    });
  const names = new Set(known);
  const out = [];
  for (const [i, scope] of scopes.entries()) {
    if (!isScopeToken(scope))
      throw new ConfigError({
        message: `scopes[${i}]: ${JSON.stringify(scope)} is not an OAuth2 scope (RFC 6749 scope-token)`
      });
    if (!names.has(scope))
      throw new ConfigError({ message: `scopes[${i}]: "${scope}" is not a scope of this API` });
    if (!out.includes(scope))
      out.push(scope);
  }
  return Object.freeze(out);
}
function statedScopes(value) {
  if (typeof value === "string")
    return value.split(" ").filter((s) => s !== "");
  if (Array.isArray(value) && value.every((s) => typeof s === "string"))
    return value;
  return void 0;
}
function lackedScopes(grant, stated) {
  const have = new Set(stated);
  return grant.filter((s) => !have.has(s));
}
export {
  INSUFFICIENT_SCOPE,
  checkGrant,
  isScopeToken,
  lackedScopes,
  missingScopes,
  statedScopes
};
