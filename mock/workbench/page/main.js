// The workbench page at /__mock/: the site and the changes made to it through the interface's
// operations, the live journal, faults, reset and fixture loading through the control API. Errors
// are shown as the mock states them.
import { control, showStatus } from './api.js';
import { setUpFaults, showCurrentFaults } from './faults.js';
import { showTokenInForce } from './interface.js';
import { startJournal } from './journal.js';
import { renderSite } from './site.js';
import { setUpScenarios } from './scenarios.js';

let pending;
/** Several writes in a row refresh the site once. */
function refreshSiteSoon() {
  clearTimeout(pending);
  pending = setTimeout(() => renderSite().catch((error) => showStatus(error.message, true)), 100);
}

/** Why the mock refused the file: the fixture's problems, which name the file the page sent, with the name said once. */
function refusalOf(error, name) {
  const problems = error.fields?.fixture;
  if (!problems) return error.message;
  const prefix = `${name}: `;
  return []
    .concat(problems)
    .map((problem) => (problem.startsWith(prefix) ? problem.slice(prefix.length) : problem))
    .join('; ');
}

async function loadFixture(file) {
  try {
    await control(`fixture?name=${encodeURIComponent(file.name)}`, { method: 'PUT', body: await file.text() });
    showStatus(`Loaded ${file.name}.`);
    await renderSite();
  } catch (error) {
    showStatus(`${file.name} was not loaded: ${refusalOf(error, file.name)}`, true);
  }
}

async function start() {
  await Promise.all([renderSite(), setUpFaults(), showTokenInForce()]);
  const reloadJournal = await startJournal(refreshSiteSoon);
  await setUpScenarios(() => Promise.all([renderSite(), reloadJournal(), showCurrentFaults()]));
  document.getElementById('reset').addEventListener('click', async () => {
    await control('reset', { method: 'POST' });
    showStatus('Reset to the fixture; journal cleared.');
    await Promise.all([renderSite(), reloadJournal()]);
  });
  const input = document.getElementById('fixture-file');
  input.addEventListener('change', async () => {
    const [file] = input.files;
    input.value = '';
    if (file) await loadFixture(file);
  });
  document.body.dataset.ready = 'true';
}

start().catch((error) => showStatus(error.message, true));
