import { describe, expect, it } from 'vitest';
import { createJoinedParts } from './data-hot-path';

// Decision 097: GET /data's envelope is joined once per pair of kept parts and sent as one buffer.
describe('spec 1 §7 GET /data envelope parts joined once (decision 097)', () => {
  const head = Buffer.from('{"Response":{"App":');
  const tail = Buffer.from('}}');
  const app = Buffer.from('{"name":"Playz"}');

  it('gives the very same bytes object for the same parts, and their exact concatenation', () => {
    const wholeOf = createJoinedParts();
    const customer = Buffer.from(',"Customer":{"logged":false}');
    const first = wholeOf([head, app, customer, tail]);
    expect(first.toString()).toBe('{"Response":{"App":{"name":"Playz"},"Customer":{"logged":false}}}');
    expect(wholeOf([head, app, customer, tail])).toBe(first);
  });

  it('joins again when any part is another object, even with equal bytes: a new Customer is never hidden', () => {
    const wholeOf = createJoinedParts();
    const visitor = Buffer.from(',"Customer":{"logged":false}');
    const logged = Buffer.from(',"Customer":{"logged":true}');
    const asVisitor = wholeOf([head, app, visitor, tail]);
    const asLogged = wholeOf([head, app, logged, tail]);
    expect(asLogged.toString()).toContain('"logged":true');
    expect(asVisitor.toString()).toContain('"logged":false');
    const sameBytesOtherObject = Buffer.from(visitor);
    expect(wholeOf([head, app, sameBytesOtherObject, tail])).not.toBe(asVisitor);
    expect(wholeOf([head, app, tail, visitor])).not.toBe(asVisitor);
  });
});
