/**
 * A concurrency failure's timeline drawn as an inline SVG for the HTML report: one bar per request
 * from when it left to when its answer came (a request never answered runs to the edge, dashed),
 * on one millisecond axis, so who overlapped whom is seen at a glance.
 */
import { escapeMarkup } from 'site-articles-schemas/command-line';
import type { Timeline, TimelineRequest } from '../concurrent/timeline';

const rowHeight = 26;
const labelWidth = 300;
const plotWidth = 560;
const axisHeight = 30;

function bar(request: TimelineRequest, index: number, scale: (ms: number) => number): string {
  const y = index * rowHeight + 6;
  const x = scale(request.sentAt);
  const end = request.answeredAt === undefined ? labelWidth + plotWidth : scale(request.answeredAt);
  const refused = /^[45][0-9][0-9] /.test(request.answer);
  const kind = request.answeredAt === undefined ? 'never' : refused ? 'refused' : 'answered';
  return [
    `<g class="request ${kind}">`,
    `<title>${escapeMarkup(`${request.label}: ${request.answer}`)}</title>`,
    `<text x="0" y="${String(y + 13)}">${escapeMarkup(request.label.length > 42 ? `${request.label.slice(0, 41)}…` : request.label)}</text>`,
    `<rect x="${x.toFixed(1)}" y="${String(y)}" width="${Math.max(2, end - x).toFixed(1)}" height="16" rx="3"/>`,
    '</g>',
  ].join('');
}

function axis(span: number, height: number, scale: (ms: number) => number): string {
  const step = [1, 2, 5, 10, 20, 50, 100, 200, 500, 1000, 2000, 5000].find((size) => span / size <= 8) ?? 10_000;
  const ticks: string[] = [];
  for (let ms = 0; ms <= span; ms += step) {
    const x = scale(ms).toFixed(1);
    ticks.push(
      `<line x1="${x}" x2="${x}" y1="0" y2="${String(height)}" class="grid"/><text x="${x}" y="${String(height + 16)}" class="tick">${String(ms)} ms</text>`,
    );
  }
  return ticks.join('');
}

export function timelineSvg(timeline: Timeline): string {
  const span = Math.max(1, ...timeline.requests.map((request) => request.answeredAt ?? request.sentAt));
  const scale = (ms: number): number => labelWidth + (ms / span) * plotWidth;
  const plotHeight = timeline.requests.length * rowHeight;
  const width = labelWidth + plotWidth + 20;
  return [
    `<svg class="timeline" viewBox="0 0 ${String(width)} ${String(plotHeight + axisHeight)}" role="img" aria-label="timeline of the requests sent at once">`,
    axis(span, plotHeight, scale),
    ...timeline.requests.map((request, index) => bar(request, index, scale)),
    '</svg>',
  ].join('');
}
