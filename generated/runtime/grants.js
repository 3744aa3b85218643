// Copied by sfapi-gen from its runtime. Do not edit: regenerate with `npx sfapi-gen generate`.
import { TokenError } from "./errors.js";
import { grantPermission } from "./guard.js";
import { jwtClaims } from "./jwt.js";
import { checkGrant, INSUFFICIENT_SCOPE, lackedScopes, statedScopes } from "./scopes.js";
const grants = { checkGrant, grantPermission, grantedBy };
function grantedBy(token, grant) {
  if (grant === void 0 || grant.length === 0)
    return token;
  const claims = jwtClaims(token);
  if (claims === void 0)
    return token;
  const claim = claims.scope !== void 0 ? "scope" : claims.scp !== void 0 ? "scp" : void 0;
  if (claim === void 0)
    return token;
  const stated = statedScopes(claims[claim]);
  const lacking = stated === void 0 ? void 0 : lackedScopes(grant, stated);
  if (lacking !== void 0 && lacking.length === 0)
    return token;
  throw new TokenError({
    message: lacking === void 0 ? `accessToken's ${claim} claim is not a list of scopes; this client is granted ${grant.join(" ")}` : `accessToken's ${claim} claim lacks ${lacking.join(", ")} of this client's grant (${grant.join(" ")})`,
    error: INSUFFICIENT_SCOPE,
    attempts: 1
  });
}
export {
  grantedBy,
  grants
};
