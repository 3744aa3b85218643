/** `manifest.json`: what this client was generated from and how, so a later regeneration can be compared. */
import type { EmitContext } from "./context.js";

export function emitManifest(ctx: EmitContext): string {
  const manifest = {
    description: { title: ctx.title, version: ctx.version.info, api: ctx.version.api ?? null, sha256: ctx.sha256 },
    scope: { vendor: ctx.vendor, field: ctx.scopeField, ladder: ctx.ladder, policy: ctx.policy },
    operations: ctx.operations.length,
    generator: { name: "sfapi-gen", version: ctx.generatorVersion },
  };
  return JSON.stringify(manifest, null, 2) + "\n";
}
