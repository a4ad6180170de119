/** An optional peer loaded when needed: a missing one is named in one line with what to install, any other failure passes. */
import { MissingPeer, requireOptionalPeer } from './optional-peer';

test('a missing package is named with what needs it and the command that installs it', () => {
  expect(() => requireOptionalPeer('no-such-package-here', '--something')).toThrow(
    new MissingPeer('no-such-package-here', '--something'),
  );
  expect(new MissingPeer('libsql', '--persist').message).toBe(
    '--persist needs the libsql package, which is not installed: npm install libsql',
  );
});

test('a package that is there is what it gives', () => {
  expect(requireOptionalPeer('node:path', 'joining paths')).toHaveProperty('join');
});

test('a module of the package failing in another way is not mistaken for a missing package', () => {
  const broken = (): unknown => {
    throw new SyntaxError('Unexpected token');
  };
  expect(() => requireOptionalPeer('libsql', '--persist', broken)).toThrow(SyntaxError);
});

test('another missing module inside it is not the package missing', () => {
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded as run-cli.ts loads the persistence
  const inner = (): unknown => require('./no-such-module-beside-it');
  expect(() => requireOptionalPeer('libsql', '--persist', inner)).toThrow(/Cannot find module/);
  expect(() => requireOptionalPeer('libsql', '--persist', inner)).not.toThrow(MissingPeer);
});
