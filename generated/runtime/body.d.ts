// Copied by sfapi-gen from its runtime. Do not edit: regenerate with `npx sfapi-gen generate`.
/** Reading an HTTP answer's body with a size cap: an endless or oversized answer is cut off, not buffered whole. */
/** The body as text, or undefined once it passes `max` bytes (the rest is not read). */
export declare function readCapped(response: Response, max: number): Promise<string | undefined>;
