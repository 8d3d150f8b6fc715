/** How the service's TypeScript is compiled for tests: by jest (jest.config.js) and for child processes (swc-hooks.mjs) alike. */
export const SWC_OPTIONS = {
  jsc: {
    parser: { syntax: 'typescript', decorators: true },
    transform: { legacyDecorator: true, decoratorMetadata: true },
    target: 'es2022',
    keepClassNames: true,
  },
  module: { type: 'es6' },
  sourceMaps: 'inline',
};
