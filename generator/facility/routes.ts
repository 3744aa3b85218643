/**
 * Concrete request paths to the description's operations. Literal segments win over parameters
 * (`/status/notes` before `/status/{name}`); a path with more segments than any template matches a template's last
 * parameter greedily, because file paths (`/utilities/ls/{machine}/{path}`) may arrive with their slashes unencoded.
 */
import type { Operation } from "../operations.js";

export type RouteMatch =
  | { kind: "operation"; operation: Operation; params: Record<string, string> }
  | { kind: "method-not-allowed"; allowed: string[] }
  | { kind: "not-found" }
  | { kind: "bad-encoding" };

interface Template {
  operation: Operation;
  /** A literal segment, or `{ param }`. */
  segments: (string | { param: string })[];
  literals: number;
}

export class Router {
  readonly #templates: Template[];

  constructor(operations: readonly Operation[]) {
    this.#templates = operations
      .map((operation) => {
        const segments = operation.path
          .split("/")
          .slice(1)
          .map((seg) => (/^\{[^{}]+\}$/.test(seg) ? { param: seg.slice(1, -1) } : seg));
        return { operation, segments, literals: segments.filter((s) => typeof s === "string").length };
      })
      // Most literal segments first, so the first match is the most specific.
      .sort((a, b) => b.literals - a.literals);
  }

  /** `pathname` relative to the API base, still percent-encoded, starting with "/". */
  match(method: string, pathname: string): RouteMatch {
    let raw: string[];
    try {
      raw = pathname.split("/").slice(1).map(decodeURIComponent);
    } catch {
      return { kind: "bad-encoding" };
    }
    const found = this.#candidates(raw, false);
    const candidates = found.length > 0 ? found : this.#candidates(raw, true);
    if (candidates.length === 0) return { kind: "not-found" };
    const hit = candidates.find((c) => c.template.operation.method === method.toLowerCase());
    if (!hit) return { kind: "method-not-allowed", allowed: [...new Set(candidates.map((c) => c.template.operation.method.toUpperCase()))] };
    return { kind: "operation", operation: hit.template.operation, params: hit.params };
  }

  #candidates(segments: string[], greedyTail: boolean): { template: Template; params: Record<string, string> }[] {
    const out: { template: Template; params: Record<string, string> }[] = [];
    for (const template of this.#templates) {
      const params = matchSegments(template.segments, segments, greedyTail);
      if (params) out.push({ template, params });
    }
    return out;
  }
}

function matchSegments(template: Template["segments"], segments: string[], greedyTail: boolean): Record<string, string> | undefined {
  const last = template[template.length - 1];
  const greedy = greedyTail && typeof last === "object" && segments.length > template.length;
  if (!greedy && segments.length !== template.length) return undefined;
  const params: Record<string, string> = {};
  for (let i = 0; i < template.length; i++) {
    const t = template[i]!;
    if (typeof t === "string") {
      if (segments[i] !== t) return undefined;
    } else {
      const value = greedy && i === template.length - 1 ? segments.slice(i).join("/") : segments[i]!;
      if (value === "") return undefined;
      params[t.param] = value;
    }
  }
  return params;
}
