// The validating proxy's findings as GET /__mock/violations lists them, newest on top: each report's
// violations by the deployment, and apart from them its findings about the client's request.
import { control, el } from './api.js';

function findingList(title, className, findings) {
  if (findings.length === 0) return [];
  return [
    el('h4', {}, title),
    el(
      'ul',
      { class: className },
      findings.map((found) =>
        el(
          'li',
          {},
          el('code', {}, found.rule),
          ` ${found.path || '(answer)'}: expected ${found.expected}; actual ${found.actual}`,
        ),
      ),
    ),
  ];
}

function reportItem(report) {
  const counts = [
    report.violations.length > 0 ? `${report.violations.length} by the deployment` : '',
    report.clientFindings.length > 0 ? `${report.clientFindings.length} about the client` : '',
  ].filter(Boolean);
  return el(
    'li',
    { class: 'report' },
    el(
      'details',
      { open: true },
      el('summary', {}, `${report.at.slice(11, 23)} ${report.method} ${report.path} · ${counts.join(', ')}`),
      ...findingList('Violations by the deployment', 'deployment', report.violations),
      ...findingList('Findings about the client', 'client', report.clientFindings),
      ...(report.reads ? [el('p', { class: 'muted' }, `Compared: ${report.reads.join('; ')}`)] : []),
    ),
  );
}

/** Shows the reports so far; gives back the number of each kind, for the counts beside the heading. */
export async function renderViolations() {
  const reports = await control('violations');
  const list = document.getElementById('violations');
  list.replaceChildren(...reports.map(reportItem).reverse());
  if (reports.length === 0) list.append(el('li', { class: 'muted' }, 'Nothing found so far.'));
  const deployment = reports.filter((report) => report.violations.length > 0).length;
  const client = reports.filter((report) => report.clientFindings.length > 0).length;
  document.getElementById('violation-counts').textContent =
    `${deployment} with violations · ${client} with client findings`;
}
