/**
 * `tsc -p <config>` for the package test's client files, run in this process with the repository's
 * TypeScript 5: the compiler is loaded once, and each declaration file (TypeScript's own libraries,
 * the installed packages' types) is parsed once for all the checks that read it, where a `tsc`
 * process per check spent most of its time on both. The checks themselves are tsc's: the same
 * settings file read the same way, the same diagnostics, formatted as tsc prints them.
 */
import { join } from 'node:path';
import ts from 'typescript';

/**
 * Parsed declaration files by path and by what their parse depends on, with the text each was
 * parsed from. Only declaration files are kept: whether a `.d.ts` is a module does not depend on the
 * compiler settings, as a source file's may. A file whose text has changed (a package installed
 * over) is parsed again.
 */
const parsedDeclarations = new Map<string, { text: string; file: ts.SourceFile }>();

function parseKey(fileName: string, parse: ts.ScriptTarget | ts.CreateSourceFileOptions): string {
  const { languageVersion, impliedNodeFormat, jsDocParsingMode } =
    typeof parse === 'object'
      ? parse
      : { languageVersion: parse, impliedNodeFormat: undefined, jsDocParsingMode: undefined };
  return JSON.stringify([fileName, languageVersion, impliedNodeFormat, jsDocParsingMode]);
}

function hostKeepingDeclarations(options: ts.CompilerOptions): ts.CompilerHost {
  const host = ts.createCompilerHost(options);
  const parse = host.getSourceFile.bind(host);
  host.getSourceFile = (fileName, languageVersionOrOptions, onError, shouldCreate) => {
    const text = fileName.endsWith('.d.ts') ? host.readFile(fileName) : undefined;
    if (text === undefined) return parse(fileName, languageVersionOrOptions, onError, shouldCreate);
    const key = parseKey(fileName, languageVersionOrOptions);
    const kept = parsedDeclarations.get(key);
    if (kept?.text === text) return kept.file;
    const file = ts.createSourceFile(fileName, text, languageVersionOrOptions);
    parsedDeclarations.set(key, { text, file });
    return file;
  };
  return host;
}

/**
 * What tsc reports of a program, in its order: the settings file's problems and syntax errors; only
 * without those, the settings' and global problems; only without any of these, the type errors.
 */
function diagnosticsAsTsc(program: ts.Program): readonly ts.Diagnostic[] {
  const options = program.getCompilerOptions();
  const found = [...program.getConfigFileParsingDiagnostics()];
  const fromSettingsFile = found.length;
  found.push(...program.getSyntacticDiagnostics());
  if (found.length === fromSettingsFile) {
    found.push(...program.getOptionsDiagnostics(), ...program.getGlobalDiagnostics());
    if (found.length === fromSettingsFile) found.push(...program.getSemanticDiagnostics());
    const declarations = options.declaration === true || options.composite === true;
    if (options.noEmit && declarations && found.length === fromSettingsFile)
      found.push(...program.getDeclarationDiagnostics());
  }
  // Settings without noEmit would write files: the checks here never ask for that.
  if (options.noEmit) found.push(...program.emit().diagnostics);
  return ts.sortAndDeduplicateDiagnostics(found);
}

/** The diagnostics `tsc -p <config>` prints in `project`, as it prints them without colour (no last line end); '' when it has none. */
export function typeCheck(project: string, config: string): string {
  const format = (diagnostics: readonly ts.Diagnostic[]): string =>
    ts
      .formatDiagnostics(diagnostics, {
        getCanonicalFileName: (name) => name,
        getCurrentDirectory: () => project,
        getNewLine: () => '\n',
      })
      .trimEnd();
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
  return format(diagnosticsAsTsc(program));
}
