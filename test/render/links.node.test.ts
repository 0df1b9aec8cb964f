// What rendered documents say next to an external link: the host its text
// claims and the real one. Pure: plain Node.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { claimedHost, hostNotice } from '../../src/render/links.ts';

test('claimedHost: the host of text that reads as an address, scheme or not', () => {
  const rows: Array<[string, string | null]> = [
    ['HTTPS://Example.COM:8080/a?b#c', 'example.com'],
    ['ftp://files.example', 'files.example'],
    ['example.com.', 'example.com'],
    ['  docs.example.org/path  ', 'docs.example.org'],
    ['docs.example.com/path', 'docs.example.com'],
    ['www.thing', 'www.thing'],
    ['notes.me', 'notes.me'],
    // userinfo is not the host: `good.example@` in front of the real one claims the real one.
    ['https://good.example@evil.example/', 'evil.example'],
    // An internationalised host is claimed in its ASCII form.
    ['https://\u0430pple.com', 'xn--pple-43d.com'],
  ];
  for (const [text, host] of rows) assert.equal(claimedHost(text), host, JSON.stringify(text));
});

test('claimedHost: file names, words and unknown endings are not addresses', () => {
  for (const text of ['README.md', 'index.ts', 'setup.py', 'notes.txt', 'click here', 'localhost', 'user@evil.example', '', '.', 'a.b']) {
    assert.equal(claimedHost(text), null, JSON.stringify(text));
  }
});

test('claimedHost: invisible characters cannot hide what the text claims', () => {
  // Browsers drop zero-width and direction characters from a URL: so does the claim.
  assert.equal(claimedHost('https://goo\u200Bgle.com/x'), 'google.com');
  assert.equal(claimedHost('\u202Ehttps://moc.example'), 'moc.example');
  assert.equal(claimedHost('www.bank\u00AD.com'), 'www.bank.com');
  assert.equal(claimedHost('\uFEFFbank.com'), 'bank.com');
  // A no-break space is not dropped: text holding one is prose.
  assert.equal(claimedHost('see\u00A0bank.com'), null);
});

test('claimedHost: spaces and line breaks are kept, so prose does not run together into a host', () => {
  // "Visit bank.com" used to lose its space and claim visitbank.com, against a link to bank.com.
  for (const text of ['Visit bank.com', 'Visit\nbank.com', 'see\tdocs.example.org', 'bank. com', 'https://bank .com']) {
    assert.equal(claimedHost(text), null, JSON.stringify(text));
  }
  assert.equal(hostNotice('https://bank.com/', 'Visit bank.com'), null);
  assert.equal(claimedHost(' \n bank.com \t'), 'bank.com', 'around the text, whitespace is trimmed');
});

test('claimedHost: an IPv4 address is claimed after a scheme, whatever its last part', () => {
  assert.equal(claimedHost('http://10.0.0.1/admin'), '10.0.0.1');
  assert.equal(claimedHost('https://192.168.1.20:8443'), '192.168.1.20');
  assert.deepEqual(hostNotice('https://evil.example/', 'http://10.0.0.1/'), { host: 'evil.example', reason: 'mismatch' });
  // Without a scheme four numbers may be a version: not claimed.
  assert.equal(claimedHost('1.2.3.4'), null);
  assert.equal(claimedHost('10.0.0.1'), null);
});

test('claimedHost: over-long text is not looked at', () => {
  assert.equal(claimedHost(`https://${'a'.repeat(2_100)}.com`), null);
  assert.equal(claimedHost(`https://${'a'.repeat(60)}.com`), `${'a'.repeat(60)}.com`);
});

test('hostNotice: the real host when the text names another', () => {
  assert.deepEqual(hostNotice('https://evil.example/', 'https://good.example'), { host: 'evil.example', reason: 'mismatch' });
  assert.deepEqual(hostNotice('https://good.example@evil.example/', 'https://good.example'), { host: 'evil.example', reason: 'mismatch' });
  // A zero-width character in the text does not make the claim another host.
  assert.deepEqual(hostNotice('https://evil.example/', 'goo\u200Bd.com'), { host: 'evil.example', reason: 'mismatch' });
  assert.deepEqual(hostNotice('https://apple.com/', 'https://\u0430pple.com'), { host: 'apple.com', reason: 'mismatch' });
});

test('hostNotice: nothing to say when the text names the real host (case, www, port aside)', () => {
  assert.equal(hostNotice('https://BANK.com/', 'bank.COM'), null);
  assert.equal(hostNotice('https://bank.com/', 'www.bank.com'), null);
  assert.equal(hostNotice('https://www.bank.com/a', 'https://bank.com/b'), null);
  assert.equal(hostNotice('https://evil.example:8443/', 'evil.example'), null);
  assert.equal(hostNotice('https://evil.example/', 'click'), null);
  // Only a leading `www.` is set aside: `www2.` is another host.
  assert.deepEqual(hostNotice('https://www2.bank.com/', 'www.bank.com'), { host: 'www2.bank.com', reason: 'mismatch' });
});

test('hostNotice: a look-alike host is shown in its ASCII form', () => {
  assert.deepEqual(hostNotice('https://xn--pple-43d.com/', 'bank'), { host: 'xn--pple-43d.com', reason: 'lookalike' });
  assert.deepEqual(hostNotice('https://\u0430pple.com/', 'apple.com'), { host: 'xn--pple-43d.com', reason: 'lookalike' });
  // Even when the text spells the look-alike exactly.
  assert.deepEqual(hostNotice('https://xn--pple-43d.com/', 'https://xn--pple-43d.com/'), { host: 'xn--pple-43d.com', reason: 'lookalike' });
});

test('hostNotice: no notice for what is not an absolute URL with a host, nor for mail', () => {
  for (const href of ['not a url', '/relative', '#top', 'docs/a.md', '']) assert.equal(hostNotice(href, 'x.com'), null, href);
  assert.equal(hostNotice('mailto:a@evil.example', 'https://good.example'), null);
});

test('hostNotice: answers the same for a host seen many times and after many others', () => {
  const first = hostNotice('https://evil.example/a', 'good.com');
  for (let i = 0; i < 600; i++) hostNotice(`https://h${i}.example/`, 'x');
  assert.deepEqual(hostNotice('https://evil.example/b', 'good.com'), first);
  assert.deepEqual(first, { host: 'evil.example', reason: 'mismatch' });
});

test('link text that names another host is noticed; file names are not hosts', () => {
  assert.equal(claimedHost('https://good.example/login'), 'good.example');
  assert.equal(claimedHost('www.bank.com'), 'www.bank.com');
  assert.equal(claimedHost('README.md'), null);
  assert.equal(claimedHost('index.ts'), null);
  assert.equal(claimedHost('click here'), null);
  assert.deepEqual(hostNotice('https://evil.example/', 'https://good.example'), { host: 'evil.example', reason: 'mismatch' });
  assert.equal(hostNotice('https://www.bank.com/a', 'bank.com'), null);
  assert.deepEqual(hostNotice('https://xn--pple-43d.com/', 'bank'), { host: 'xn--pple-43d.com', reason: 'lookalike' });
  assert.equal(hostNotice('mailto:a@b.example', 'c@d.example'), null);
});
