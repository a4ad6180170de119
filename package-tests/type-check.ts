/**
 * `tsc -p <config>` for the package test's client files, run in this process with the repository's
 * TypeScript 5: the compiler is loaded once, and each declaration file (TypeScript's own libraries,
 * the installed packages' types) is parsed once for all the checks that read it, where a `tsc`
 * process per check spent most of its time on both. The checks themselves are tsc's: the same
 * settings file read the same way, the same diagnostics, formatted as tsc prints them.
 */
import { statSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';

/**
 * Parsed declaration files by path and by what their parse depends on. Only declaration files are
 * kept: whether a `.d.ts` is a module does not depend on the compiler settings, as a source file's
 * may; a file changed on disk (a package installed over) has a new size or time and is parsed again.
 */
const parsedDeclarations = new Map<string, ts.SourceFile>();

function declarationKey(fileName: string, parse: ts.ScriptTarget | ts.CreateSourceFileOptions): string {
  const { mtimeMs, size } = statSync(fileName);
  const { languageVersion, impliedNodeFormat, jsDocParsingMode } =
    typeof parse === 'object'
      ? parse
      : { languageVersion: parse, impliedNodeFormat: undefined, jsDocParsingMode: undefined };
  return JSON.stringify([fileName, mtimeMs, size, languageVersion, impliedNodeFormat, jsDocParsingMode]);
}

function hostKeepingDeclarations(options: ts.CompilerOptions): ts.CompilerHost {
  const host = ts.createCompilerHost(options);
  const parse = host.getSourceFile.bind(host);
  host.getSourceFile = (fileName, languageVersionOrOptions, onError, shouldCreate) => {
    if (!fileName.endsWith('.d.ts') || !ts.sys.fileExists(fileName)) {
      return parse(fileName, languageVersionOrOptions, onError, shouldCreate);
    }
    const key = declarationKey(fileName, languageVersionOrOptions);
    const kept = parsedDeclarations.get(key);
    if (kept) return kept;
    const parsed = parse(fileName, languageVersionOrOptions, onError, shouldCreate);
    if (parsed) parsedDeclarations.set(key, parsed);
    return parsed;
  };
  return host;
}

/** The diagnostics `tsc -p <config>` prints in `project`, as it prints them without colour; '' when it has none. */
export function typeCheck(project: string, config: string): string {
  const format = (diagnostics: readonly ts.Diagnostic[]): string =>
    ts.formatDiagnostics(diagnostics, {
      getCanonicalFileName: (name) => name,
      getCurrentDirectory: () => project,
      getNewLine: () => '\n',
    });
  const unreadable: ts.Diagnostic[] = [];
  const parsed = ts.getParsedCommandLineOfConfigFile(join(project, config), undefined, {
    ...ts.sys,
    getCurrentDirectory: () => project,
    onUnRecoverableConfigFileDiagnostic: (diagnostic) => unreadable.push(diagnostic),
  });
  if (!parsed) return format(unreadable);
  const program = ts.createProgram({
    rootNames: parsed.fileNames,
    options: parsed.options,
    host: hostKeepingDeclarations(parsed.options),
    configFileParsingDiagnostics: ts.getConfigFileParsingDiagnostics(parsed),
  });
  return format(ts.getPreEmitDiagnostics(program));
}
