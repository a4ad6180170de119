/**
 * The workbench's forms for one article, as a person uses them: opened from the article's card,
 * filled in by field name and sent with the form's own button. Shared by the browser tests and the
 * screenshot script.
 */
import type { Locator, Page } from 'playwright-core';

export interface ArticleForms {
  /** Opens the card's "Edit data · post a comment". */
  open: () => Promise<void>;
  card: Locator;
  setKey: Locator;
  data: Locator;
  comment: Locator;
}

export function workbenchForms(page: Page, articleId: number): ArticleForms {
  const card = page.locator(`article[data-article-id="${String(articleId)}"]`);
  return {
    card,
    open: () => card.locator('details.edit > summary').click(),
    setKey: card.locator('form.set-key'),
    data: card.locator('form.edit-data'),
    comment: card.locator('form.post-comment'),
  };
}

/** Fills the named fields, sends the form, and waits until its outcome line reads `outcome`, when given. */
export async function fillForm(form: Locator, values: Record<string, string>, outcome?: string): Promise<void> {
  for (const [name, value] of Object.entries(values)) await form.locator(`[name="${name}"]`).fill(value);
  await form.locator('button[type="submit"]').click();
  if (outcome !== undefined) await form.locator('.outcome', { hasText: outcome }).waitFor();
}
