// Copied by sfapi-gen from its runtime. Do not edit: regenerate with `npx sfapi-gen generate`.
/** The shape of a generated operation table entry, as the runtime reads it. */
export interface OperationEntry {
    readonly name: string;
    readonly operationId?: string;
    /** Upper-case HTTP method (`"POST"`); lower case is accepted too. */
    readonly method: string;
    /** The path template as the description writes it (`/utilities/command/{machine}`). */
    readonly path: string;
    /**
     * The level the description names, `"public"`, or `"unranked"`; under the security policy `"scoped"` (with
     * `security`), `"public"`, or `"unranked"` (malformed: its `security` lists every scope).
     */
    readonly scope: string;
    /**
     * Under the security policy: the OAuth2 scope sets that allow a call, OR-ed; each set's scopes must all be granted.
     * Absent for a public operation and under the ladder policies.
     */
    readonly security?: readonly (readonly string[])[];
    readonly tags?: readonly string[];
    /** Set when the request body is not JSON (`application/x-www-form-urlencoded`, `multipart/form-data`). */
    readonly requestMediaType?: string;
    /** Set when the success answer is not JSON: how to read it. */
    readonly responseType?: "text" | "blob";
    /** Fields of the success answer (or of each of its items) that hold JSON text, parsed by named calls. */
    readonly jsonText?: readonly string[];
    /**
     * The trailing path parameter that carries a whole file path and may span segments (`"path"` in
     * `/utilities/ls/{machine}/{path}`), as the description or its ladder file marks it; see path.ts.
     */
    readonly wholePath?: string;
}
export type OperationTable = Readonly<Record<string, OperationEntry>>;
/** The methods an OpenAPI path item may hold, in its order, upper case as openapi-fetch's client names them. */
export declare const HTTP_METHODS: readonly ["GET", "PUT", "POST", "DELETE", "OPTIONS", "HEAD", "PATCH", "TRACE"];
/** `entries` packed (see above); the generator writes the result into `packed-table.js`. */
export declare function packTable(entries: readonly OperationEntry[]): string;
/** The table `packTable` packed, frozen; throws on a string it did not write. */
export declare function unpackTable(packed: string): OperationTable;
