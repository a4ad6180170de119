// Scenarios (docs/scenarios.md): choose one to serve (its site and faults, through
// POST /__mock/reset {"scenario"}), or save the current site and faults under a name
// (POST /__mock/scenarios). Rendered into the header's #scenarios.
import { control, el, showStatus } from './api.js';

async function fillChoices(select) {
  const scenarios = await control('scenarios');
  select.replaceChildren(
    ...scenarios.map(({ name, inForce }) =>
      el('option', { value: name, selected: inForce }, inForce ? `${name} (in force)` : name),
    ),
  );
}

/** `refresh` shows the site, the journal and the faults again once a scenario is served. */
export async function setUpScenarios(refresh) {
  const select = el('select', { id: 'scenario-choice', 'aria-label': 'Scenario' });
  const use = el('button', { type: 'button', id: 'use-scenario' }, 'Use scenario');
  const name = el('input', { id: 'scenario-name', 'aria-label': 'Name of the scenario to save', placeholder: 'name' });
  const save = el('button', { type: 'button', id: 'save-scenario' }, 'Save as scenario');
  document.getElementById('scenarios').append(select, use, name, save);
  await fillChoices(select);
  use.addEventListener('click', async () => {
    try {
      await control('reset', { method: 'POST', body: JSON.stringify({ scenario: select.value }) });
      showStatus(`Serving scenario ${select.value}; journal cleared.`);
      await Promise.all([refresh(), fillChoices(select)]);
    } catch (error) {
      showStatus(`Scenario ${select.value} was not served: ${error.message}`, true);
    }
  });
  save.addEventListener('click', async () => {
    try {
      await control('scenarios', { method: 'POST', body: JSON.stringify({ name: name.value.trim() }) });
      showStatus(`Saved the site and faults as scenario ${name.value.trim()}.`);
      name.value = '';
      await fillChoices(select);
    } catch (error) {
      showStatus(`The scenario was not saved: ${error.message}`, true);
    }
  });
}
