/**
 * When a command's output may be coloured, for the mock's and the contract suite's command lines
 * alike: only on a terminal, and never when NO_COLOR is set (no-color.org: any value but an empty
 * one), nor NODE_DISABLE_COLORS, nor on a TERM=dumb terminal; FORCE_COLOR decides before all of
 * them, as node reads it (`0` or `false` plain, any other value coloured, a pipe included). Each
 * command picks its own colours; whether to use them is decided here, because node 20's
 * `styleText` colours whatever the output is, and later ones decide by the output it is told of,
 * not by these variables alone.
 */
export function colourWanted(env: NodeJS.ProcessEnv, isTerminal: boolean): boolean {
  if (env.FORCE_COLOR !== undefined) return env.FORCE_COLOR !== '0' && env.FORCE_COLOR !== 'false';
  if (Boolean(env.NO_COLOR) || env.NODE_DISABLE_COLORS !== undefined || env.TERM === 'dumb') return false;
  return isTerminal;
}
