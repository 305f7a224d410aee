/** Types of scripts/node-runtime.mjs for its TypeScript test. */
export const NODE_MAJOR: number;
export const root: string;
export const packagedNodeDir: string;
export function projectNodePath(options?: { execPath?: string; version?: string }): string | null;
export function pathWithProjectNode(nodePath: string, current?: string): string;
export function ensureProjectNode(): Promise<void>;
export interface BuiltAddon {
  pkg: string;
  name: string;
  file: string;
}
export function builtAddons(dir?: string): BuiltAddon[];
export function unloadableAddons(nodePath: string, addons: BuiltAddon[]): (BuiltAddon & { reason: string })[];
