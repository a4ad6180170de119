/** The request log's output for `npm start`: many lines, one write per turn of the event loop, none lost. */
import { batchedLines } from './log-output';

const nextTurn = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

test('writes the lines of one turn in a single write, in order, and later lines in the next', async () => {
  const writes: string[] = [];
  const output = batchedLines((text) => writes.push(text));
  output.log('GET /a 200 0.1ms');
  output.log('PUT /b 200 0.2ms');
  expect(writes).toEqual([]);
  await nextTurn();
  output.log('POST /c 200 0.3ms');
  await nextTurn();
  expect(writes).toEqual(['GET /a 200 0.1ms\nPUT /b 200 0.2ms\n', 'POST /c 200 0.3ms\n']);
});

test('writes what is pending at once when flushed, as at exit', () => {
  const writes: string[] = [];
  const output = batchedLines((text) => writes.push(text));
  output.log('GET /a 200 0.1ms');
  output.flush();
  output.flush();
  expect(writes).toEqual(['GET /a 200 0.1ms\n']);
});
