import { expect } from 'chai';
import { nextInList } from '../../../src/elements/shared/roving.js';

describe('roving focus', () => {
  const list = ['a', 'b', 'c'].map((id) => Object.assign(document.createElement('button'), { id }));
  it('moves with Up/Down and jumps with Home/End, stopping at the ends', () => {
    expect(nextInList('ArrowDown', list, 0)!.id).to.equal('b');
    expect(nextInList('ArrowDown', list, 2)!.id).to.equal('c');
    expect(nextInList('ArrowUp', list, 0)!.id).to.equal('a');
    expect(nextInList('Home', list, 2)!.id).to.equal('a');
    expect(nextInList('End', list, 0)!.id).to.equal('c');
    expect(nextInList('Tab', list, 0)).to.equal(null);
    expect(nextInList('ArrowDown', [], 0)).to.equal(null);
  });
});
