/** What `npm pack --json` reports for each package, read from its output. */
export interface PackReport {
  name: string;
  filename: string;
  files: { path: string }[];
  bundled: string[];
}

/** The reports in `npm pack --json` output: the JSON array that starts a line, after whatever lifecycle scripts printed. */
export function packReports(output: string): PackReport[] {
  const start = output.search(/^\[/m);
  if (start === -1) throw new Error(`npm pack printed no JSON report:\n${output}`);
  return JSON.parse(output.slice(start)) as PackReport[];
}
