import { describe, expect, it } from 'vitest';
import { AppError } from '../../http/errors.ts';
import { ImportSlots, tooManyImportsMessage } from './lead-import-slots.ts';

describe('ImportSlots', () => {
  it('refuses the upload beyond the limit with 429 and a message, and takes one again once a slot is given back', () => {
    const slots = new ImportSlots(2);
    const first = slots.take();
    slots.take();
    let refused: unknown;
    try {
      slots.take();
    } catch (e) {
      refused = e;
    }
    expect(refused).toBeInstanceOf(AppError);
    expect((refused as AppError).statusCode).toBe(429);
    expect((refused as AppError).message).toBe(tooManyImportsMessage(2));
    first();
    first(); // giving back twice frees one slot only
    slots.take();
    expect(() => slots.take()).toThrow(AppError);
  });
});
