/**
 * MSW's `'error'` for a request no handler takes, under the name each major reads: MSW 2's
 * `onUnhandledRequest`, MSW 3's `onUnhandledFrame` (each ignores the other's, so one name alone
 * would leave the other major at its default, `'warn'`, which lets the request through). `npm test`
 * runs the handlers' tests on MSW 2, `npm run test:node-matrix` on MSW 3 too.
 */
export const failUnhandled = { onUnhandledRequest: 'error', onUnhandledFrame: 'error' } as const;
