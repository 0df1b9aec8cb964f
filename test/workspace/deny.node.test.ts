// The deny list: the secrets no host ever serves, and the embedder's own
// rules as patterns, regular expressions and predicates. Pure: plain Node.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { DEFAULT_DENY, isDeniedPath, matchesDenyPattern } from '../../src/workspace/deny.ts';

test('the default list denies secrets wherever they sit, in any case', () => {
  const denied = [
    '.git',
    '.git/config',
    'a/.git/HEAD',
    'vendor/lib/.git',
    '.GIT/config',
    '.env',
    '.env.production',
    'a/.ENV.local',
    '.envrc',
    'cert.pem',
    'keys/cert.PEM',
    'x.key',
    'id_rsa',
    'id_rsa.pub',
    'backup/ID_RSA.old',
    'id_dsa',
    'id_ecdsa',
    'id_ed25519',
    'home/.ssh/config',
    'home/.ssh',
    'store.p12',
    'store.PFX',
    '.npmrc',
    'pkg/.npmrc',
    '.netrc',
    'site/.htpasswd',
    // A directory named like a key file is denied with everything in it.
    'certs.pem/readme.md',
  ];
  for (const p of denied) assert.equal(isDeniedPath(p), true, p);
});

test('the default list leaves look-alike names alone', () => {
  const allowed = [
    'README.md',
    'git/config',
    '.github/workflows/ci.yml',
    '.gitignore',
    '.gitattributes',
    '.gitmodules',
    'environment.md',
    'docs/env.md',
    'example.env.md.txt',
    'keys.md',
    'pem.txt',
    'pem',
    'my_id_rsa_notes.md',
    'a.keys',
    'a.key.md',
    'ssh/config',
    '.npmrc.md',
    'netrc',
  ];
  for (const p of allowed) assert.equal(isDeniedPath(p), false, p);
});

test('the default list is frozen: nothing can take an entry out of it', () => {
  assert.ok(Object.isFrozen(DEFAULT_DENY));
  assert.throws(() => (DEFAULT_DENY as string[]).pop());
  assert.equal(isDeniedPath('.git/config'), true);
  for (const p of ['.git/', '.env*', '*.pem', '*.key', 'id_rsa*', '.ssh/']) assert.ok(DEFAULT_DENY.includes(p), p);
});

test('extra rules cannot allow what the default list denies', () => {
  assert.equal(isDeniedPath('.env', []), true);
  assert.equal(isDeniedPath('.env', [() => false, /^$/, 'nothing']), true);
});

test('a name with a trailing slash denies that directory at any depth, and the directory itself', () => {
  assert.equal(matchesDenyPattern('build', 'build/'), true);
  assert.equal(matchesDenyPattern('a/build/x.js', 'build/'), true);
  assert.equal(matchesDenyPattern('a/Build/x.js', 'build/'), true);
  assert.equal(matchesDenyPattern('a/build.js', 'build/'), false);
  assert.equal(matchesDenyPattern('a/rebuild/x.js', 'build/'), false);
  assert.equal(matchesDenyPattern('a/builds/x.js', 'build/'), false);
  assert.equal(matchesDenyPattern('private/x/y', 'private/'), true);
  assert.equal(matchesDenyPattern('tmp-1/x', 'tmp-?/'), true);
});

test('a pattern without a slash matches any one segment; * and ? stay inside it', () => {
  assert.equal(matchesDenyPattern('a/b/secret.txt', 'secret.*'), true);
  assert.equal(matchesDenyPattern('secret.txt', 'secret.*'), true);
  assert.equal(matchesDenyPattern('a/secret', 'secret.*'), false);
  assert.equal(matchesDenyPattern('a/b.txt', 'a*txt'), false);
  assert.equal(matchesDenyPattern('v1.log', 'v?.log'), true);
  assert.equal(matchesDenyPattern('v10.log', 'v?.log'), false);
  assert.equal(matchesDenyPattern('a/b', '?'), true);
  assert.equal(matchesDenyPattern('ab/cd', '?'), false);
});

test('a pattern with a slash inside matches the whole path from the root; ** crosses segments', () => {
  assert.equal(matchesDenyPattern('config/prod.json', 'config/*.json'), true);
  assert.equal(matchesDenyPattern('config/a/prod.json', 'config/*.json'), false);
  assert.equal(matchesDenyPattern('app/config/prod.json', 'config/*.json'), false);
  assert.equal(matchesDenyPattern('config/a/prod.json', 'config/**'), true);
  assert.equal(matchesDenyPattern('a/private/x', 'private/**'), false);
  assert.equal(matchesDenyPattern('docs/a/b/secret.md', 'docs/**/secret.md'), true);
  assert.equal(matchesDenyPattern('config/secrets/a.json', 'config/secrets/'), true);
  assert.equal(matchesDenyPattern('config/secretsx/a.json', 'config/secrets/'), false);
});

test('pattern characters other than * and ? are literal', () => {
  assert.equal(matchesDenyPattern('a+b.md', 'a+b.md'), true);
  assert.equal(matchesDenyPattern('aab.md', 'a+b.md'), false);
  assert.equal(matchesDenyPattern('axmd', 'a.md'), false);
  for (const name of ['(x)', '[ab]', '{a,b}', 'a|b', '^a$', 'a\\b', 'a$', 'x{2}']) {
    assert.equal(matchesDenyPattern(name, name), true, name);
    assert.equal(matchesDenyPattern('a', name), false, name);
  }
  assert.equal(matchesDenyPattern('b', 'a|b'), false);
  assert.equal(matchesDenyPattern('xx', 'x{2}'), false);
});

test('dot segments and odd names are matched as written, never resolved', () => {
  // Paths reach the deny list normalised; one that still has `..` is denied when any segment is a secret.
  assert.equal(isDeniedPath('docs/../.git/config'), true);
  assert.equal(isDeniedPath('.git/../README.md'), true);
  assert.equal(isDeniedPath('./.env'), true);
  // Names that only resemble a secret are not one.
  assert.equal(isDeniedPath('.git~/config'), false);
  assert.equal(isDeniedPath('.git.bak/config'), false);
  assert.equal(isDeniedPath('x.pem.link'), false);
  // A trailing dot or space makes another name here (the path rules refuse the ambiguous forms).
  assert.equal(isDeniedPath('.env.'), true);
  assert.equal(isDeniedPath('cert.pem '), false);
});

test('regular-expression rules test the whole path, whatever their flags', () => {
  assert.equal(isDeniedPath('docs/a.md', [/\.md$/]), true);
  assert.equal(isDeniedPath('docs/a.txt', [/\.md$/]), false);
  // A global or sticky expression keeps its lastIndex between calls: each call starts from 0.
  const global = /secret/g;
  const sticky = /docs/y;
  for (let i = 0; i < 3; i++) {
    assert.equal(isDeniedPath('a/secret.txt', [global]), true, `global, call ${i}`);
    assert.equal(isDeniedPath('docs/x', [sticky]), true, `sticky, call ${i}`);
  }
});

test('predicate rules deny on true only, and a throwing predicate denies', () => {
  const seen: string[] = [];
  assert.equal(
    isDeniedPath('docs/a.md', [
      (p) => {
        seen.push(p);
        return false;
      },
    ]),
    false,
  );
  assert.deepEqual(seen, ['docs/a.md']);
  assert.equal(isDeniedPath('docs/a.md', [() => 1 as unknown as boolean]), false);
  assert.equal(isDeniedPath('docs/a.md', [() => 'yes' as unknown as boolean]), false);
  assert.equal(
    isDeniedPath('docs/a.md', [
      () => {
        throw new Error('rule failed');
      },
    ]),
    true,
  );
});

test('the first rule that denies wins; later ones are not asked', () => {
  let asked = false;
  assert.equal(
    isDeniedPath('docs/a.md', [
      'docs/',
      () => {
        asked = true;
        return false;
      },
    ]),
    true,
  );
  assert.equal(asked, false);
});

test('many distinct patterns keep matching after the compiled-pattern cache is cleared', () => {
  for (let i = 0; i < 1_200; i++) assert.equal(matchesDenyPattern(`dir${i}/f`, `dir${i}/`), true);
  assert.equal(matchesDenyPattern('dir0/f', 'dir0/'), true);
  assert.equal(matchesDenyPattern('dir0/f', 'dir1/'), false);
});

test('a `**` segment also stands for no directory at all', () => {
  assert.equal(matchesDenyPattern('docs/secret.md', 'docs/**/secret.md'), true);
  assert.equal(matchesDenyPattern('docs/a/secret.md', 'docs/**/secret.md'), true);
  assert.equal(matchesDenyPattern('secret.md', '**/secret.md'), true);
  assert.equal(matchesDenyPattern('a/b/secret.md', '**/secret.md'), true);
  assert.equal(matchesDenyPattern('docs/xsecret.md', 'docs/**/secret.md'), false);
  // Inside a segment `**` is any text, and needs its slash.
  assert.equal(matchesDenyPattern('docs/secret.md', 'docs/x**/secret.md'), false);
  assert.equal(matchesDenyPattern('docs/xy/secret.md', 'docs/x**/secret.md'), true);
});

test('a whole-path pattern with a trailing slash denies that directory itself too', () => {
  assert.equal(matchesDenyPattern('config/secrets', 'config/secrets/'), true);
  assert.equal(matchesDenyPattern('config/secrets/a/b', 'config/secrets/'), true);
  assert.equal(matchesDenyPattern('config/secrets.json', 'config/secrets/'), false);
  assert.equal(matchesDenyPattern('app/config/secrets', 'config/secrets/'), false);
  assert.equal(matchesDenyPattern('config/x/secrets/k', 'config/**/secrets/'), true);
});

test('a rule denies a name in either Unicode form: hosts read a file under both', () => {
  const nfc = 'donn\u00e9es';
  const nfd = 'donne\u0301es';
  for (const path of [`${nfc}/x.md`, `${nfd}/x.md`]) {
    for (const rule of [`${nfc}/`, `${nfd}/`, `${nfc}/*.md`, `${nfd}/**`, `*${nfc.slice(-3)}`])
      assert.equal(isDeniedPath(path, [rule]), true, `${JSON.stringify(path)} by ${JSON.stringify(rule)}`);
    assert.equal(isDeniedPath(path, [new RegExp(`^${nfc}/`)]), true);
    assert.equal(isDeniedPath(path, [new RegExp(`^${nfd}/`)]), true);
    assert.equal(isDeniedPath(path, [(p) => p.startsWith(`${nfc}/`)]), true);
  }
  assert.equal(isDeniedPath(`${nfc}.md`, [`${nfc}/`]), false);
});
