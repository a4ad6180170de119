import { GroupCommit } from './group-commit';

/** A commit that finishes when the test says so, counting how many began. */
function controlledCommits(undone: string[] = []): {
  commits: GroupCommit;
  begun: () => number;
  finish: (error?: Error) => void;
} {
  const pending: { resolve: () => void; reject: (error: Error) => void }[] = [];
  const commits = new GroupCommit(
    () =>
      new Promise<void>((resolve, reject) => {
        pending.push({ resolve, reject });
      }),
    (error) => undone.push(String(error)),
  );
  const finish = (error?: Error): void => {
    const next = pending.shift();
    if (error) next?.reject(error);
    else next?.resolve();
  };
  return { commits, begun: () => pending.length, finish };
}

const turn = (): Promise<void> => new Promise((done) => setImmediate(done));

describe('group commit', () => {
  it('settles at once when nothing changed', async () => {
    const { commits, begun } = controlledCommits();
    await commits.settled();
    expect(begun()).toBe(0);
  });

  it('commits the changes of one turn of the event loop together, and settles once that commit is done', async () => {
    const { commits, begun, finish } = controlledCommits();
    for (let count = 0; count < 32; count += 1) commits.changed();
    let settled = false;
    void commits.settled().then(() => (settled = true));
    await turn();
    expect(begun()).toBe(1);
    expect(settled).toBe(false);
    finish();
    await turn();
    expect(settled).toBe(true);
  });

  it('gathers the changes made while a commit runs into one next commit, which settles after it', async () => {
    const { commits, begun, finish } = controlledCommits();
    commits.changed();
    await turn();
    const order: string[] = [];
    void commits.settled().then(() => order.push('first'));
    for (let count = 0; count < 10; count += 1) commits.changed();
    void commits.settled().then(() => order.push('second'));
    await turn();
    expect(begun()).toBe(1);
    finish();
    await turn();
    expect(order).toEqual(['first']);
    expect(begun()).toBe(1);
    finish();
    await turn();
    expect(order).toEqual(['first', 'second']);
  });

  it('rejects the waiters of a failed commit and goes on with the next', async () => {
    const { commits, finish } = controlledCommits();
    commits.changed();
    const failed = commits.settled();
    await turn();
    finish(new Error('disk full'));
    await expect(failed).rejects.toThrow('disk full');
    commits.changed();
    const next = commits.settled();
    await turn();
    finish();
    await expect(next).resolves.toBeUndefined();
  });

  it('undoes and rejects, in one turn, a failed commit and the changes made over it meanwhile', async () => {
    const undone: string[] = [];
    const { commits, begun, finish } = controlledCommits(undone);
    commits.changed();
    const failed = commits.settled();
    await turn();
    commits.changed();
    const madeMeanwhile = commits.settled();
    const outcomes: string[] = [];
    void failed.catch(() => outcomes.push(`failed after ${String(undone.length)} undo`));
    void madeMeanwhile.catch(() => outcomes.push(`meanwhile after ${String(undone.length)} undo`));
    finish(new Error('disk full'));
    await turn();
    expect(undone).toEqual(['Error: disk full']);
    expect(outcomes).toEqual(['failed after 1 undo', 'meanwhile after 1 undo']);
    expect(begun()).toBe(0);
    commits.changed();
    const next = commits.settled();
    await turn();
    finish();
    await expect(next).resolves.toBeUndefined();
  });
});
