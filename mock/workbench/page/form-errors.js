// Errors shown where they belong: a refused field's reason next to it, named by the form's own label
// (`data-label`), and the rest of a refusal at the foot of its form.
import { el } from './api.js';

let shown = 0;

export function clearErrors(form) {
  for (const note of form.querySelectorAll('.field-error')) note.remove();
  for (const field of form.querySelectorAll('[aria-invalid]')) {
    field.removeAttribute('aria-invalid');
    field.removeAttribute('aria-describedby');
  }
  showOutcome(form, '');
}

/** `Latency: must be ...` right below the field, which points to it for assistive technology. */
export function showFieldError(field, reason) {
  shown += 1;
  const id = `field-error-${String(shown)}`;
  const note = el('span', { class: 'field-error error', id }, `${field.dataset.label}: ${reason}`);
  field.setAttribute('aria-invalid', 'true');
  field.setAttribute('aria-describedby', id);
  (field.closest('label') ?? field).after(note);
}

/** The line at the foot of a form (or below an article's data): what its last action did, or why it was refused. */
export function showOutcome(form, text, isError = false) {
  const outcome = form.querySelector('.outcome');
  outcome.textContent = text;
  outcome.className = `outcome ${isError ? 'error' : 'ok'}`;
  outcome.setAttribute('role', isError ? 'alert' : 'status');
}

/** A refusal as one line: `403: Data key "svc_theme" is reserved and read-only.`, or the error of a request that got no answer. */
export const refusalText = (error) => (error.status ? `${String(error.status)}: ${error.reason}` : error.message);

/**
 * A refusal of the mock shown on `form`: each of its field errors next to the field `fieldOf` finds
 * for the field's name in the answer, and the rest, or its message, at the foot of the form.
 */
export function showRefusal(form, error, fieldOf, inFormWords = (reason) => reason) {
  const named = Object.entries(error.fields ?? {});
  if (named.length === 0) return showOutcome(form, refusalText(error), true);
  const unplaced = named.filter(([name, reasons]) => {
    const field = fieldOf(name);
    if (field) showFieldError(field, [].concat(reasons).map(inFormWords).join(', '));
    return !field;
  });
  if (unplaced.length > 0) {
    const rest = unplaced.map(([name, reasons]) => `${name}: ${[].concat(reasons).join(', ')}`).join('; ');
    showOutcome(form, `${String(error.status)}: ${rest}`, true);
  }
  return undefined;
}
