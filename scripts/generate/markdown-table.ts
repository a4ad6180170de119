/** A Markdown table from a header and rows; Prettier lays it out when the page is formatted. */
const cell = (text: string): string => text.replace(/\|/g, '\\|').replace(/\n/g, ' ');

export const markdownTable = (header: string[], rows: string[][]): string =>
  [header, header.map(() => '---'), ...rows].map((row) => `| ${row.map(cell).join(' | ')} |`).join('\n');
