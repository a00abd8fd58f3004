// How many lead uploads one server process runs at once. Each holds a pool connection for its whole
// transfer and briefly needs a second one (the stored numbers of each new data date): unbounded, a burst of
// uploads could take every connection and wait on each other for ever.
import { AppError } from '../../http/errors.ts';

/** Leaves room in the pool (20 connections) for two connections per upload and for everything else. */
export const MAX_CONCURRENT_IMPORTS = 6;

export function tooManyImportsMessage(max: number): string {
  return `${max} lead uploads are already running on this server. Wait for one to finish, then upload again.`;
}

export class ImportSlots {
  private running = 0;
  constructor(private readonly max: number) {}

  /** Takes a slot or refuses with 429; the caller gives it back with the returned function. */
  take(): () => void {
    if (this.running >= this.max) throw new AppError('TOO_MANY_REQUESTS', tooManyImportsMessage(this.max));
    this.running += 1;
    let given = false;
    return () => {
      if (given) return;
      given = true;
      this.running -= 1;
    };
  }
}
