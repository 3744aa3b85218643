/**
 * The audit as CSV (RFC 4180): a header row, then one row per operation in the model's order. Tags are joined with
 * ";". `callable` is "yes"/"no" with `--color`, empty without; `unranked` says why an operation fails closed. The last
 * two columns repeat on every row what the audit is of: the description's SHA-256 and the generator that read it.
 * Cells come from the description, which is untrusted, and spreadsheets run cells that look like formulas: a cell
 * starting with `=`, `+`, `-`, `@`, a tab or a carriage return gets a leading `'`, and a cell holding the `;` that some
 * spreadsheets split on is quoted (OWASP's advice on CSV injection).
 */
import { csvField } from "../../emit/text.js";
import type { AuditReport } from "./report.js";

export const CSV_COLUMNS = [
  "method",
  "path",
  "name",
  "operationId",
  "scope",
  "level",
  "tags",
  "callable",
  "unranked",
  "description_sha256",
  "generator",
] as const;

export function renderCsv(report: AuditReport): string {
  const rows = report.operations.map((op) => [
    op.method,
    op.path,
    op.name,
    op.operationId ?? "",
    op.scope,
    op.level,
    op.tags.join(";"),
    op.callable === null ? "" : op.callable ? "yes" : "no",
    op.unranked ?? "",
    report.description.sha256,
    `sfapi-gen ${report.generator.version}`,
  ]);
  return [[...CSV_COLUMNS], ...rows].map((cells) => cells.map(csvField).join(",")).join("\r\n") + "\r\n";
}
