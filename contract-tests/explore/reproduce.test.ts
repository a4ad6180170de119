/** The curl list a failed random sequence ends its report with (reproduce.ts). */
import { NoAnswer } from '../http/client';
import { reproduceInOrder } from './reproduce';

const lost = new NoAnswer(
  'DELETE http://t/x got no answer: closed\n  reproduce: curl -X DELETE http://t/x',
  'curl -X DELETE http://t/x',
  {},
);

describe('the requests a failed sequence lists', () => {
  test('are its answered requests in order, then the one that got no answer', () => {
    expect(reproduceInOrder([{ curl: 'curl http://t/a' }, { curl: 'curl -X PUT http://t/b' }], lost)).toEqual({
      curls: ['curl http://t/a', 'curl -X PUT http://t/b', 'curl -X DELETE http://t/x'],
      text: '\nreproduce, in order:\n  1. curl http://t/a\n  2. curl -X PUT http://t/b\n  3. curl -X DELETE http://t/x',
    });
  });

  test('are its answered requests alone when a judgement failed', () => {
    expect(reproduceInOrder([{ curl: 'curl http://t/a' }], new Error('[rule] broken')).text).toBe(
      '\nreproduce, in order:\n  1. curl http://t/a',
    );
  });

  test('are not printed when the request with no answer was the only one, whose own curl is shown', () => {
    expect(reproduceInOrder([], lost)).toEqual({ curls: ['curl -X DELETE http://t/x'], text: '' });
  });
});
