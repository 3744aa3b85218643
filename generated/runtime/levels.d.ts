// Copied by sfapi-gen from its runtime. Do not edit: regenerate with `npx sfapi-gen generate`.
export declare const PUBLIC = "public";
export declare const UNRANKED = "unranked";
/** The top level: the one that may call everything (unranked and off-ladder operations included). */
export declare function topLevel(ladder: readonly string[]): string;
/** Position on the ladder, or -1 for a level it does not name. */
export declare function rank(ladder: readonly string[], level: string): number;
/** May a client of `color` call an operation whose table scope is `scope`? Off-ladder names: the top only. */
export declare function canCall(ladder: readonly string[], color: string, scope: string): boolean;
/** The level a client needs for `scope`: the level itself when ranked, else the top. */
export declare function requiredLevel(ladder: readonly string[], scope: string): string;
/** What is wrong with a ladder: `index` is the offending level's position (absent when the whole list is wrong). */
export interface LadderProblem {
    index?: number;
    problem: string;
}
/**
 * Why `levels` is not a ladder (a non-empty list of distinct, non-blank level names, none of them `public` or
 * `unranked`), or undefined when it is one. Callers put their own name in front (`levels[1]`, `--levels`, a pointer).
 */
export declare function ladderProblem(levels: unknown): LadderProblem | undefined;
/** Why `color` cannot be a client's color on `ladder` (it must be a level on it), or undefined when it can. */
export declare function colorProblem(ladder: readonly string[], color: unknown): string | undefined;
/** Check a `levels` override and the color against it; returns a frozen copy of the ladder. */
export declare function checkLadder(levels: readonly unknown[], color: unknown): readonly string[];
