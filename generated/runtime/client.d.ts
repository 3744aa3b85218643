// Copied by sfapi-gen from its runtime. Do not edit: regenerate with `npx sfapi-gen generate`.
import { type NamedCall } from "./calls.js";
import type { Clock } from "./clock.js";
import type { Grants } from "./grants.js";
import type { KeyFileReader } from "./keys.js";
import { type ClientConfig, type ClientOptions, type GrantClientOptions, type KeyTokens } from "./options.js";
import { type HTTP_METHODS, type OperationTable } from "./table.js";
/**
 * What a generated `index.js` hands the runtime about its API. Its operation table comes packed (`table`, see
 * table.ts: unpacked once per client), as the generated entries give it, or as objects (`operations`).
 */
export type ClientSpec = ClientSpecParts & ({
    table: string;
    operations?: undefined;
} | {
    operations: OperationTable;
    table?: undefined;
});
interface ClientSpecParts {
    /** A color client's ladder, least capable first. */
    ladder?: readonly string[];
    /**
     * An API whose description lists OAuth2 scopes per operation: every scope it names. Its clients hold a grant
     * (`scopes`) instead of a color.
     */
    scopes?: readonly string[];
    /** An API of OAuth2 scopes: the client-credentials token URL its description names (no default otherwise). */
    defaultTokenUrl?: string;
    defaultBaseUrl?: string;
    /** How `keyFile` and `{ file }` keys are read: index.js gives key-file.ts's reader, core.js none. */
    readKeyFile?: KeyFileReader;
    /** The key-based token source (key-tokens.ts): index.js and core.js give it; page.js none, so it takes no keys. */
    keyTokens?: KeyTokens;
    /** An API of OAuth2 scopes: its rules (grants.ts), which its entries give; a color client's none. */
    grants?: Grants;
}
/** What an add-on builds on: the client's named calls (guarded, with tokens and retries) and its clock. */
export interface ClientParts {
    readonly calls: Readonly<Record<string, NamedCall>>;
    readonly clock: Clock;
    /** The user's hooks on polls (the helpers call `onPoll`). */
    readonly observers: ClientConfig["observers"];
    /** Throws ScopeError, before any request, when the color may not call one of these operations (by name). */
    readonly checkOperations: (names: readonly (string | undefined)[]) => void;
    /** Whether the client may call the operation of that name (by the guard's ladder or grant): no request, no throw. */
    readonly mayCall: (name: string) => boolean;
}
/** Members added to a client as it is made, over named calls of the same name (`waitForTask`, `compute`). */
export type ClientAddOn = (parts: ClientParts) => Record<string, unknown>;
type Init = Record<string, unknown> & {
    body?: unknown;
    bodySerializer?: unknown;
    headers?: unknown;
    params?: {
        path?: Record<string, unknown>;
        query?: Record<string, unknown>;
    };
    pathSerializer?: unknown;
};
type Call = (url: string, init?: Init) => Promise<{
    data?: unknown;
    error?: unknown;
    response: Response;
}>;
/** The client as the runtime builds it; the generated `index.d.ts` gives it its precise, color-narrowed type. */
export interface RuntimeClient extends Record<(typeof HTTP_METHODS)[number], Call> {
    request(method: string, url: string, init?: Init): Promise<{
        data?: unknown;
        error?: unknown;
        response: Response;
    }>;
    use(...middleware: object[]): void;
    eject(...middleware: object[]): void;
    readonly [operation: string]: unknown;
}
export declare function createScopedClient(spec: ClientSpec, options: ClientOptions | GrantClientOptions, addOns?: readonly ClientAddOn[]): RuntimeClient;
export type { NamedCall };
