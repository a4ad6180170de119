// The faults in force, as GET /__mock/faults gives them, in a sentence per part.

const delayText = (delay) => (Array.isArray(delay) ? `${delay[0]}-${delay[1]} ms` : `${delay} ms`);

function failureText({ status, rate, operation }) {
  const to = operation ? ` to ${operation}` : '';
  const share = rate >= 1 ? `every request${to} fails` : `${Math.round(rate * 1000) / 10}% of requests${to} fail`;
  return `${share} with ${status}`;
}

function partText(part) {
  const parts = [
    ...(part.delayMs === undefined ? [] : [`latency ${delayText(part.delayMs)}`]),
    ...(part.failure === undefined ? [] : [failureText(part.failure)]),
  ];
  return parts.join('; ');
}

/** `["Every operation: latency 200-800 ms", "readArticle: every request fails with 503"]`, or `["none"]`. */
export function describeFaults(faults) {
  const global = partText(faults);
  const lines = [
    ...(global ? [`Every operation: ${global}`] : []),
    ...Object.entries(faults.operations ?? {})
      .map(([id, part]) => [id, partText(part)])
      .filter(([, text]) => text !== '')
      .map(([id, text]) => `${id}: ${text}`),
  ];
  return lines.length > 0 ? lines : ['none'];
}
