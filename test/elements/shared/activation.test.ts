import { expect } from 'chai';
import { openDetail, activateItem } from '../../../src/elements/shared/activation.js';
import { presentSources } from '../../../src/model/present.js';
import { parseTurnSources } from '../../../src/model/parse.js';
import { referencePayload } from '../../../stories/fixtures/payloads.js';

describe('activation', () => {
  const view = presentSources(parseTurnSources(referencePayload).value);
  const item = (id: string) => view.groups.flatMap((g) => g.items).find((i) => i.id === id)!;

  it('builds the open detail of local and remote sources', () => {
    const file = openDetail(item('file:docs/User_Guide/EAM/Diagnostics/technicalDiagnosis.md'));
    expect(file.path).to.equal('docs/User_Guide/EAM/Diagnostics/technicalDiagnosis.md');
    expect(file.href).to.equal(null);
    expect(file.location).to.deep.include({ lineStart: 197, lineEnd: 218 });
    const web = openDetail(item('web:https://www.iso.org/standard/66309.html'));
    expect(web).to.deep.include({ path: null, href: 'https://www.iso.org/standard/66309.html', location: null });
    expect(web.ranges).to.deep.equal([]);
  });

  it('hands out copies of the ranges, so a listener cannot change the view', () => {
    const i = item('file:docs/User_Guide/EAM/Diagnostics/technicalDiagnosis.md');
    openDetail(i).ranges[0]!.lineStart = 1;
    expect(i.ranges[0]!.lineStart).to.equal(197);
  });

  it('cancels the triggering event when the qa-source-open event is cancelled', () => {
    const host = document.createElement('div');
    document.body.append(host);
    try {
      const click = new MouseEvent('click', { cancelable: true });
      host.addEventListener('qa-source-open', (e) => e.preventDefault(), { once: true });
      expect(activateItem(host, item('jira:MDC-24929'), click)).to.equal(false);
      expect(click.defaultPrevented).to.equal(true);
      const click2 = new MouseEvent('click', { cancelable: true });
      expect(activateItem(host, item('jira:MDC-24929'), click2)).to.equal(true);
      expect(click2.defaultPrevented).to.equal(false);
    } finally {
      host.remove();
    }
  });
});
