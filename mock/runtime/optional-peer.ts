/**
 * Loads an optional peer of the package (express for `createApp().app`, libsql for `--persist`)
 * at the moment it is needed, so that a project using neither installs neither; when it is missing
 * the error says what to install, in one line.
 */
export class MissingPeer extends Error {
  constructor(name: string, neededFor: string) {
    super(`${neededFor} needs the ${name} package, which is not installed: npm install ${name}`);
  }
}

/**
 * What `load` gives (by default, the package `name` itself); `neededFor` names what needs it.
 * A require at the moment of need, not an import at load: the package may be absent.
 */
export function requireOptionalPeer(
  name: string,
  neededFor: string,
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  load = (): unknown => require(name),
): unknown {
  try {
    return load();
  } catch (error) {
    const missing = (error as NodeJS.ErrnoException).code === 'MODULE_NOT_FOUND';
    if (missing && (error as Error).message.includes(`'${name}'`)) throw new MissingPeer(name, neededFor);
    throw error;
  }
}
