/**
 * Turns Markdown into a flat list of headings, paragraphs and tables using markdown-it's token
 * stream, so the table reader never has to deal with Markdown syntax itself.
 */
import MarkdownIt from 'markdown-it';
type Token = MarkdownIt.Token;

export type Block =
  | { kind: 'heading'; level: number; text: string }
  | { kind: 'paragraph'; text: string }
  | { kind: 'table'; header: string[]; rows: string[][] };

const markdown = new MarkdownIt();

/** Plain text of an inline token: code spans lose their backticks, emphasis its markers. */
function inlineText(token: Token | undefined): string {
  if (!token?.children) return token?.content.trim() ?? '';
  return token.children
    .map((child) => (child.type === 'text' || child.type === 'code_inline' ? child.content : ''))
    .join('')
    .trim();
}

function readTable(tokens: Token[], start: number): { block: Block; end: number } {
  const header: string[] = [];
  const rows: string[][] = [];
  let row: string[] = [];
  let index = start + 1;
  for (; index < tokens.length; index += 1) {
    const token = tokens[index];
    if (!token || token.type === 'table_close') break;
    if (token.type === 'tr_open') row = [];
    if (token.type === 'th_open' || token.type === 'td_open') row.push(inlineText(tokens[index + 1]));
    if (token.type === 'tr_close') {
      if (header.length === 0) header.push(...row);
      else rows.push(row);
    }
  }
  return { block: { kind: 'table', header, rows }, end: index };
}

export function parseBlocks(source: string): Block[] {
  const tokens = markdown.parse(source, {});
  const blocks: Block[] = [];
  for (let index = 0; index < tokens.length; index += 1) {
    const token = tokens[index];
    if (!token) continue;
    if (token.type === 'heading_open') {
      blocks.push({ kind: 'heading', level: Number(token.tag.slice(1)), text: inlineText(tokens[index + 1]) });
    } else if (token.type === 'paragraph_open' && token.level === 0) {
      blocks.push({ kind: 'paragraph', text: inlineText(tokens[index + 1]) });
    } else if (token.type === 'table_open') {
      const { block, end } = readTable(tokens, index);
      blocks.push(block);
      index = end;
    }
  }
  return blocks;
}
