/** `scope-audit.md`: the same Markdown audit `sfapi-gen audit` prints, for the description this client was generated from. */
import { buildAudit } from "../reports/audit/audit.js";
import { renderMarkdown } from "../reports/audit/markdown.js";
import type { EmitContext } from "./context.js";

export function emitScopeAudit(ctx: EmitContext): string {
  return renderMarkdown(buildAudit(ctx));
}
