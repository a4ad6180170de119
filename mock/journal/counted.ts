/** A count with its noun, singular for one: `1 exchange`, `2 exchanges`, for the lines the mock and the proxy print. */
export const counted = (count: number, noun: string, plural = `${noun}s`): string =>
  `${String(count)} ${count === 1 ? noun : plural}`;
