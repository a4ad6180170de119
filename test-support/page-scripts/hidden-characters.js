// Runs in the page under test (added by `hiddenCharacters` in test-support/browser.ts), where the
// laid-out boxes are: which characters of a text the reader cannot see.

/** `root`'s whole text, and each of its text nodes with where that node's text starts in it. */
function textNodes(root) {
  const nodes = [];
  let text = '';
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  while (walker.nextNode()) {
    nodes.push({ node: walker.currentNode, from: text.length });
    text += walker.currentNode.data;
  }
  return { nodes, text };
}

/** Whether an element's box hides a character's box: outside it while it clips, or under the ellipsis it draws. */
function hides(element, box, isRoot) {
  const style = getComputedStyle(element);
  if (style.overflowX === 'visible' && !isRoot) return false;
  const bounds = element.getBoundingClientRect();
  const cutsText = style.textOverflow === 'ellipsis' && element.scrollWidth > element.clientWidth;
  const right = bounds.right - (cutsText ? parseFloat(style.fontSize) : 0);
  return box.left < bounds.left - 1 || box.right > right + 1;
}

/**
 * The characters of `wanted`, found in the text of the element `rootSelector` names, that an
 * ancestor up to that element hides; empty when all of it shows. A clue in brackets when the
 * element or the text is not there.
 */
window.hiddenCharacters = (rootSelector, wanted) => {
  const root = document.querySelector(rootSelector);
  if (!root) return `(nothing matches ${rootSelector})`;
  const { nodes, text } = textNodes(root);
  const start = text.indexOf(wanted);
  if (start < 0) return `(no "${wanted}" in "${text}")`;
  const hidden = (index) => {
    const { node, from } = nodes.filter((candidate) => candidate.from <= index).at(-1);
    const range = document.createRange();
    range.setStart(node, index - from);
    range.setEnd(node, index - from + 1);
    const box = range.getBoundingClientRect();
    for (let element = node.parentElement; element; element = element.parentElement) {
      if (hides(element, box, element === root)) return true;
      if (element === root) return false;
    }
    return false;
  };
  return Array.from(wanted)
    .filter((_character, offset) => hidden(start + offset))
    .join('');
};
