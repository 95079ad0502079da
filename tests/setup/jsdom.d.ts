// jsdom ships no types and @types/jsdom is not installed; integration tests only parse
// rendered HTML with it, so this is the part they use.
declare module "jsdom" {
  export class JSDOM {
    constructor(html?: string);
    readonly window: Window & typeof globalThis;
  }
}
