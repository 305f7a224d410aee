// The part of jsdom's API the cookie tests use: a window at a given address with its own cookie
// jar (lib/legacy-cookies.test.ts). jsdom ships no types and the tests need no more than this.
declare module 'jsdom' {
  export class JSDOM {
    constructor(html?: string, options?: { url?: string });
    readonly window: Window & typeof globalThis;
  }
}
