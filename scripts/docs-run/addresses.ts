/**
 * The addresses the docs write, as this machine serves them: each documented port (4010, 4610) is
 * a free loopback port, the same one for the whole page (so `npm start` and the `curl` after it
 * meet), and the example deployment `https://admin.example.com` is the stand-in (stand-in.ts).
 * Only numbers and that one address change: flags, paths and values run as written.
 */
import { freePort } from '../../bench/processes';

/** The deployment the docs' examples check. */
export const exampleDeployment = 'https://admin.example.com';

/** The port the mock listens on when given none (`npm start`, `npx articles-mock`). */
export const defaultPort = '4010';

const portPatterns = [/((?:127\.0\.0\.1|localhost):)(\d{2,5})\b/g, /(--port[ =])(\d{2,5})\b/g, /(\bPORT=)(\d{2,5})\b/g];

export class Addresses {
  private readonly ports = new Map<string, number>();

  constructor(private readonly deployment: () => Promise<string>) {}

  /** The local port that stands for a documented one. */
  async portFor(documented: string): Promise<number> {
    const known = this.ports.get(documented);
    if (known !== undefined) return known;
    const port = await freePort();
    this.ports.set(documented, port);
    return port;
  }

  /** `text` with documented ports and the example deployment replaced by this machine's. */
  async localize(text: string): Promise<string> {
    let localized = text;
    for (const pattern of portPatterns) {
      for (const match of [...localized.matchAll(pattern)].map((found) => found[2] ?? '')) await this.portFor(match);
      localized = localized.replace(
        pattern,
        (_all, before: string, port: string) => `${before}${String(this.ports.get(port))}`,
      );
    }
    if (localized.includes(exampleDeployment))
      localized = localized.replaceAll(exampleDeployment, await this.deployment());
    return localized;
  }
}
