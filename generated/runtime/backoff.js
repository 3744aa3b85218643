// Copied by sfapi-gen from its runtime. Do not edit: regenerate with `npx sfapi-gen generate`.
const RETRYABLE_STATUS = /* @__PURE__ */ new Set([429, 502, 503, 504]);
function backoffMs(policy, retry) {
  const exp = policy.baseDelayMs * 2 ** (retry - 1);
  return Math.min(policy.maxDelayMs, exp * (0.5 + Math.random() / 2));
}
function retryAfterMs(header, nowMs = Date.now()) {
  if (header === null)
    return void 0;
  const value = header.trim();
  if (/^\d+$/.test(value))
    return Number(value) * 1e3;
  const date = Date.parse(value);
  return Number.isNaN(date) ? void 0 : Math.max(0, date - nowMs);
}
export {
  RETRYABLE_STATUS,
  backoffMs,
  retryAfterMs
};
