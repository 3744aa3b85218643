/**
 * WIRING POINT (placeholder until the runtime issue lands): the generated index.ts calls
 * `createScopedClient(spec, options)`. The real runtime adds the color guard and token middleware here.
 */
import createFetchClient from "openapi-fetch";
import type { ScopedClient } from "./scoped-types.js";

export type { ColorMayCall, PathsForColor, ScopedClient } from "./scoped-types.js";

export interface OperationEntry {
  readonly name: string;
  readonly operationId?: string;
  readonly method: string;
  readonly path: string;
  readonly scope: string;
  readonly tags: readonly string[];
  readonly requestMediaType?: string;
}

export interface ClientSpec<L extends readonly string[]> {
  operations: Readonly<Record<string, OperationEntry>>;
  ladder: L;
  defaultBaseUrl?: string;
}

export interface ClientOptions<Color extends string> {
  color: Color;
  baseUrl?: string;
}

export function createScopedClient<Paths extends {}, Scopes, L extends readonly string[], Color extends string>(
  spec: ClientSpec<L>,
  options: ClientOptions<Color>,
): ScopedClient<Paths, Scopes, L, Color> {
  return createFetchClient({ baseUrl: options.baseUrl ?? spec.defaultBaseUrl }) as unknown as ScopedClient<Paths, Scopes, L, Color>;
}
