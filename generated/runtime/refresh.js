// Copied by sfapi-gen from its runtime. Do not edit: regenerate with `npx sfapi-gen generate`.
function refreshAt(now, expiresAt, skewMs) {
  return expiresAt - Math.min(skewMs, Math.max(0, expiresAt - now) / 10);
}
export {
  refreshAt
};
