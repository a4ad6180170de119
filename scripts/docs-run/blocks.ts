/**
 * The fenced blocks of a Markdown page, each with the marker written in an HTML comment right
 * before it, which says where it runs or why it does not (docs/docs-run.md lists the markers).
 */
import MarkdownIt from 'markdown-it';

/** `<!-- not run: reason -->`, or generated text (`<!-- generated: ... -->`), which check:generated holds. */
export interface NotRun {
  kind: 'not run';
  reason: string;
}

/** `<!-- run: project; option: value; ... -->`: the scratch project it runs in, and how. */
export interface RunIn {
  kind: 'run';
  project: string;
  options: Record<string, string>;
}

export interface DocBlock {
  /** The page, as given, and the block's first line in it (1-based, the fence's). */
  page: string;
  line: number;
  /** The fence's language (`sh`, `ts`, ...), empty when it names none. */
  language: string;
  text: string;
  marker: NotRun | RunIn | undefined;
}

const commentPattern = /^<!--\s*([\s\S]*?)\s*-->\s*$/;

/** The marker an HTML comment holds, or undefined when the comment is none. */
export function markerOf(html: string): NotRun | RunIn | undefined {
  const comment = commentPattern.exec(html.trim())?.[1];
  if (comment === undefined) return undefined;
  const notRun = /^not run:\s*([\s\S]+)$/.exec(comment);
  if (notRun) return { kind: 'not run', reason: notRun[1] ?? '' };
  const generated = /^generated:\s*([\s\S]+)$/.exec(comment);
  if (generated) return { kind: 'not run', reason: `generated (${generated[1] ?? ''}), held by check:generated` };
  const [first = '', ...rest] = comment.split(';').map((part) => part.trim());
  const project = /^run:\s*(\S+)$/.exec(first)?.[1];
  if (project === undefined) return undefined;
  const options = rest.map((part): [string, string] => {
    const option = /^([\w-]+):\s*(.+)$/.exec(part);
    if (!option) throw new Error(`a run marker's options are "name: value": ${html}`);
    return [option[1] ?? '', option[2] ?? ''];
  });
  return { kind: 'run', project, options: Object.fromEntries(options) };
}

export function blocksOf(page: string, markdown: string): DocBlock[] {
  const tokens = new MarkdownIt('commonmark', { html: true }).parse(markdown, {});
  return tokens.flatMap((token, index) => {
    if (token.type !== 'fence') return [];
    const before = tokens[index - 1];
    const marker = before?.type === 'html_block' ? markerOf(before.content) : undefined;
    const language = token.info.trim().split(/\s+/)[0] ?? '';
    return [{ page, line: (token.map?.[0] ?? 0) + 1, language, text: token.content, marker }];
  });
}

/** The file a block is, named first on its first line (`// vitest.setup.ts`, `// app.test.ts (Vitest)`), if it names one. */
export function fileNameOf(block: DocBlock): string | undefined {
  return /^(?:\/\/|#)\s*([\w./-]+\.\w+)(?:\s|$)/.exec(block.text.split('\n')[0] ?? '')?.[1];
}
