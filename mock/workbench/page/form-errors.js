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

/** The line at the foot of a form: what its last action did, or why it was refused. */
export function showOutcome(form, text, isError = false) {
  const outcome = form.querySelector('.outcome');
  outcome.textContent = text;
  outcome.className = `outcome ${isError ? 'error' : 'ok'}`;
  outcome.setAttribute('role', isError ? 'alert' : 'status');
}

/**
 * A refusal of the mock shown on `form`: each of its field errors next to the field `fieldOf` finds
 * for the field's name in the answer, and the rest, or its message, at the foot of the form.
 */
export function showRefusal(form, error, fieldOf, inFormWords = (reason) => reason) {
  const unplaced = [];
  for (const [name, reasons] of Object.entries(error.fields ?? {})) {
    const field = fieldOf(name);
    const reason = [].concat(reasons).map(inFormWords).join(', ');
    if (field) showFieldError(field, reason);
    else unplaced.push(`${name}: ${reason}`);
  }
  const placed = Object.keys(error.fields ?? {}).length > unplaced.length;
  if (unplaced.length > 0) showOutcome(form, `${String(error.status)}: ${unplaced.join('; ')}`, true);
  else if (!placed) showOutcome(form, error.status ? `${String(error.status)}: ${error.reason}` : error.message, true);
}
