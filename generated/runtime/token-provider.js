// Copied by sfapi-gen from its runtime. Do not edit: regenerate with `npx sfapi-gen generate`.
import { TokenError } from "./errors.js";
import { jwtClaims } from "./jwt.js";
import { notify } from "./observe.js";
import { refreshAt } from "./refresh.js";
const HEADER_SAFE = /^[\x21-\x7e]+$/;
function providedTokenSource(input, clock, refreshSkewMs = 5e3, onToken, grantCheck = (token) => token) {
  const checked = (token) => grantCheck(headerSafe(token));
  if (typeof input === "string") {
    const token = checked(input);
    return { current: () => token, get: () => Promise.resolve(token), invalidate: () => void 0 };
  }
  let cached;
  let pending;
  const current = () => cached !== void 0 && clock.now() < cached.refreshAt ? cached.token : void 0;
  const ask = async () => {
    let token;
    notify(onToken, { what: "asked", attempt: 1, delay: 0 });
    try {
      token = await input();
    } catch (error) {
      throw new TokenError({
        message: `The accessToken function failed: ${error instanceof Error ? error.message : String(error)}`,
        error: "token_source",
        attempts: 1,
        cause: error
      });
    }
    const good = checked(token);
    const expiresAt = expiryMs(good);
    if (expiresAt !== void 0) {
      cached = { token: good, refreshAt: refreshAt(clock.now(), expiresAt, refreshSkewMs) };
    }
    return good;
  };
  return {
    current,
    get() {
      const fresh = current();
      if (fresh !== void 0)
        return Promise.resolve(fresh);
      pending ??= ask().finally(() => {
        pending = void 0;
      });
      return pending;
    },
    invalidate(token) {
      if (cached?.token === token)
        cached = void 0;
    }
  };
}
function expiryMs(token) {
  const exp = jwtClaims(token)?.exp;
  return typeof exp === "number" && Number.isFinite(exp) ? exp * 1e3 : void 0;
}
function headerSafe(token) {
  if (typeof token !== "string" || !HEADER_SAFE.test(token)) {
    throw new TokenError({
      message: typeof token === "string" && token !== "" ? "accessToken holds characters an Authorization header cannot carry" : "accessToken gave no token (an empty or non-string value)",
      error: "invalid_token_source",
      attempts: 1
    });
  }
  return token;
}
export {
  providedTokenSource
};
