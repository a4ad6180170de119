/**
 * Text safe in XML and HTML content and attributes; characters XML 1.0 cannot carry become U+FFFD.
 * For what both commands write as markup: the contract suite's reports, the proxy's page.
 */
export const escapeMarkup = (text: string): string =>
  text
    // eslint-disable-next-line no-control-regex -- these are exactly the characters XML 1.0 forbids
    .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]|[\ud800-\udfff]/gu, '\ufffd')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;');
