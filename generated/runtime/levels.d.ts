// Copied by sfapi-gen from its runtime. Do not edit: regenerate with `npx sfapi-gen generate`.
export declare const PUBLIC = "public";
export declare const UNRANKED = "unranked";
/** May a client of `color` call an operation whose table scope is `scope`? Off-ladder names: the top only. */
export declare function canCall(ladder: readonly string[], color: string, scope: string): boolean;
/** The level a client needs for `scope`: the level itself when ranked, else the top. */
export declare function requiredLevel(ladder: readonly string[], scope: string): string;
/** Check a `levels` override and the color against it; returns a frozen copy of the ladder. */
export declare function checkLadder(levels: readonly unknown[], color: unknown): readonly string[];
