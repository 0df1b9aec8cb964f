// What each entry exports at run time, by name: the documented API and
// nothing else. A name added to or dropped from an entry is a change of the
// public API, made here on purpose; internals (byte and MIME helpers, text
// patterns, marker syntax, path limits) must not leak through a barrel.
import { expect } from 'chai';
import * as kit from '../../src/index.js';
import * as model from '../../src/model/index.js';
import * as citations from '../../src/citations.js';
import * as react from '../../src/react/index.js';

const MODEL = [
  'DEFAULT_MAX_PER_GROUP',
  'DEFAULT_THRESHOLD',
  'MAX_CITATION_ID_LENGTH',
  'MAX_ENTRIES_PER_SOURCE',
  'MAX_METADATA_DEPTH',
  'MAX_METADATA_VALUES',
  'MAX_PROBLEMS',
  'MAX_SOURCES',
  'PAYLOAD_VERSION',
  'SOURCE_EVIDENCE',
  'SOURCE_KINDS',
  'citationIdLabel',
  'citationTargets',
  'citedRanges',
  'cleanProse',
  'codePointLength',
  'compactLocations',
  'compareSourceItems',
  'decodePunycode',
  'dedupeSources',
  'describeHost',
  'elideMiddle',
  'evidenceRank',
  'hostToUnicode',
  'isConfusableLabel',
  'isFallbackTitle',
  'itemsUpTo',
  'mergeSources',
  'numberCitations',
  'parseTurnSources',
  'presentItem',
  'presentSources',
  'readUrl',
  'revealHidden',
  'scanMarkers',
  'shortUrl',
  'splitCited',
  'toOpenableUrl',
  'truncate',
  'unionOrigins',
];

const KIT = [
  ...MODEL,
  // Languages.
  'availableLocales',
  'en',
  'loadTranslation',
  'registerTranslation',
  // Elements and their events.
  'QaCloseEvent',
  'QaFilePreview',
  'QaGroupOpenEvent',
  'QaModeChangeEvent',
  'QaRangeSelectEvent',
  'QaRenderedEvent',
  'QaSourceFooter',
  'QaSourceHighlightEvent',
  'QaSourceOpenEvent',
  'QaSourcesPanel',
  'QaToggleEvent',
  'viewOf',
  // Hosts, the store, the wiring, workers.
  'QaHostError',
  'configureWorkers',
  'connectSources',
  'createFetchHost',
  'createMemoryHost',
  'createRemoteHost',
  'createSourcesStore',
  'isQaHostError',
];

const CITATIONS = [
  'CLAIM_HIGHLIGHT',
  'CLOSE_DELAY_MS',
  'OPEN_DELAY_MS',
  'QaCitation',
  'citationsPlugin',
  'claimRange',
  'connectCitations',
  'highlightCitations',
  'linkCitations',
  'readLines',
];

const REACT = ['QaCitation', 'QaFilePreview', 'QaSourceFooter', 'QaSourcesPanel'];

const names = (module: object): string[] => Object.keys(module).sort();

describe('package entries', () => {
  it('qa-sources-kit exports the documented API by name', () => {
    expect(names(kit)).to.deep.equal([...KIT].sort());
  });

  it('qa-sources-kit/model exports the payload model and its documented helpers', () => {
    expect(names(model)).to.deep.equal([...MODEL].sort());
  });

  it('qa-sources-kit/citations and qa-sources-kit/react export their elements and wiring', () => {
    expect(names(citations)).to.deep.equal([...CITATIONS].sort());
    expect(names(react)).to.deep.equal([...REACT].sort());
  });

  it('internals of the host and model modules are not public', () => {
    for (const internal of [
      'utf8Boundary',
      'utf8ByteLength',
      'utf8Excerpt',
      'SNIFF_BYTES',
      'looksBinary',
      'mimeForPath',
      'fileOf',
      'codeForStatus',
      'BIDI_CONTROLS',
      'INVISIBLES',
      'MARKER_OPEN',
      'term',
      'resolveLocale',
    ]) {
      expect(kit, internal).not.to.have.property(internal);
      expect(model, internal).not.to.have.property(internal);
    }
    // The path checks belong to the Node entry (test/package/exports.node.test.ts), not to the browser one.
    expect(kit).not.to.have.property('checkWorkspacePath');
  });

  it('the exports work: a payload parses and presents, a memory host reads, the elements are registered', async () => {
    const { value } = kit.parseTurnSources({
      version: 1,
      sessionId: 's',
      turn: 1,
      complete: true,
      sources: [{ id: 'file:a.md', kind: 'file', title: 'a.md', path: 'a.md', locations: [], evidence: 'read', origins: [], score: 90 }],
    });
    expect(kit.presentSources(value).count).to.equal(1);
    const file = await kit.createMemoryHost({ 'a.md': '# A\n' }).readFile({ sessionId: 's', path: 'a.md' });
    expect(file.content).to.equal('# A\n');
    expect(customElements.get('qa-sources-panel')).to.equal(kit.QaSourcesPanel);
    expect(customElements.get('qa-file-preview')).to.equal(kit.QaFilePreview);
    expect(customElements.get('qa-citation')).to.equal(citations.QaCitation);
  });
});
