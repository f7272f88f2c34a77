/** The types of node-version.mjs, which is plain JavaScript so that it runs before TypeScript can. */
export declare const NODE_MAJOR: number;
export declare function requireSupportedNode(what: string): void;
