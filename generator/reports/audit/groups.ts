/**
 * The audit's groups, shared by the Markdown and HTML renderers, highest first: unranked (which only the top may
 * call), each ladder level from the top down, then public. Empty groups are kept so every format can show a zero.
 */

import { PUBLIC, topLevel } from "../../model/scope.js";
import type { AuditedOperation, AuditReport } from "./report.js";

export function auditGroups(report: AuditReport): { key: string; title: string; operations: AuditedOperation[] }[] {
  const top = topLevel(report.scope.ladder);
  return [
    {
      key: "unranked",
      title: `unranked, callable only by ${top}`,
      operations: report.operations.filter((op) => op.unranked !== null),
    },
    ...[...report.scope.ladder].reverse().map((level) => ({
      key: level,
      title: level,
      operations: report.operations.filter((op) => op.unranked === null && op.scope === level),
    })),
    { key: PUBLIC, title: `${PUBLIC}, no token`, operations: report.operations.filter((op) => op.scope === PUBLIC) },
  ];
}
