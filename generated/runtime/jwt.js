// Copied by sfapi-gen from its runtime. Do not edit: regenerate with `npx sfapi-gen generate`.
function jwtClaims(token) {
  const parts = token.split(".");
  const payload = parts[1];
  if (parts.length !== 3 || !payload || payload.includes("+") || payload.includes("/"))
    return void 0;
  try {
    const binary = atob(payload.replace(/-/g, "+").replace(/_/g, "/"));
    const bytes = Uint8Array.from(binary, (c) => c.charCodeAt(0));
    const claims = JSON.parse(new TextDecoder("utf-8", { fatal: true }).decode(bytes));
    return claims !== null && typeof claims === "object" && !Array.isArray(claims) ? claims : void 0;
  } catch {
    return void 0;
  }
}
export {
  jwtClaims
};
