// The card view of one source (src/model/item.ts): lazily computed fields
// that still serialise, compare and read like plain data.
import { expect } from 'chai';
import { presentSources } from '../../src/model/index.js';
import * as fixtures from '../../stories/fixtures/payloads.js';
import { payload, src, viewItems } from './helpers.js';

const items = viewItems;

describe('model/item', () => {
  describe('item views', () => {
    it('serialise to JSON with every field', () => {
      const item = presentSources(fixtures.referencePayload).groups[0]!.items[0]!;
      const json = JSON.parse(JSON.stringify(item));
      expect(Object.keys(json)).to.have.members([
        'id',
        'kind',
        'source',
        'order',
        'title',
        'secondary',
        'badge',
        'issueKey',
        'summary',
        'ranges',
        'rangeLabels',
        'subagent',
        'partial',
        'href',
        'local',
        'path',
        'host',
        'suspicious',
        'firstLocation',
        'origins',
        'locations',
      ]);
      expect(json.title).to.equal('technicalDiagnosis.md');
    });
    it('compare deeply like plain data', () => {
      const a = presentSources(fixtures.referencePayload).groups[2]!.items[0]!;
      const b = presentSources(fixtures.referencePayload).groups[2]!.items[0]!;
      void a.title; // one computed, the other not yet
      expect(a).to.deep.equal(b);
      expect({ ...JSON.parse(JSON.stringify(a)) }).to.deep.equal(JSON.parse(JSON.stringify(b)));
    });
    it('return the same arrays on every read', () => {
      const item = presentSources(fixtures.referencePayload).groups[0]!.items[0]!;
      expect(item.ranges).to.equal(item.ranges);
      expect(item.origins).to.equal(item.origins);
      expect(item.locations).to.equal(item.locations);
    });
    it('carry the merged source', () => {
      const v = presentSources(payload([src({ id: 'a', score: 10, title: 'a', evidence: 'discovered' }), src({ id: 'a', score: 90, evidence: 'fetched' })]));
      expect(items(v)[0]!.source).to.include({ score: 90, evidence: 'fetched' });
    });
  });
});
